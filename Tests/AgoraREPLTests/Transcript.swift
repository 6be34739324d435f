import AgoraApp
import AgoraArchitecture
import AgoraMocks
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Foundation
import TemplateItemsREPL
import Testing

/// A golden REPL session: `> command` lines and the exact text the REPL printed after each.
///
/// The test replays the commands in a fresh session (OSS mode, fixed date, US English, UTC,
/// plain output) and compares the whole text. Run with `AGORA_RECORD_TRANSCRIPTS=1` to rewrite
/// the files after an intended change, then read the diff.
@MainActor
struct Transcript {
    let name: String

    /// The folder of every transcript.
    nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Transcripts")

    /// Every transcript's name, sorted: a new feature's transcript (`Scripts/new-feature`) is
    /// replayed as soon as its file is there, with no edit to the suite.
    nonisolated static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".transcript") }.map { String($0.dropLast(".transcript".count)) }.sorted()
    }

    var url: URL {
        Self.folder.appendingPathComponent("\(name).transcript")
    }

    /// A fresh app for each session: its own mock backend, so what one transcript posts never
    /// shows in another running at the same time.
    static var configuration: AppConfiguration {
        var configuration = AppConfiguration(
            mode: .oss, environment: .test(),
            mockService: MockService(data: .test, now: { AgoraEnvironment.testReferenceDate }),
            paths: AgoraPaths(environment: ["HOME": "/home/agora"])
        )
        // A transcript is one app alone in its world: every change it could hear of is the
        // echo of its own, which may reach the cache before or after the command's own write,
        // and the text must be the same every time. Following changes has tests of its own.
        configuration.followsChanges = false
        return configuration
    }

    /// The commands of the golden file.
    func commands() throws -> [String] {
        try String(contentsOf: url, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.hasPrefix("> ") }
            .map { String($0.dropFirst(2)) }
    }

    /// The first line of a transcript that starts the app with one feature and those it needs
    /// (`# feature: Comments`, as `agora --feature Comments`): for a transcript of what lists
    /// every plugin (`container`), which a scaffolded feature would otherwise change, and for
    /// the template feature's, which is not in the app.
    static let featureHeader = "# feature: "

    /// The feature the golden file asks for, if any.
    func feature() throws -> String? {
        let first = try String(contentsOf: url, encoding: .utf8).prefix { $0 != "\n" }
        return first.hasPrefix(Self.featureHeader) ? String(first.dropFirst(Self.featureHeader.count)) : nil
    }

    /// What a header may name: the app's features, and the template `Scripts/new-feature` copies,
    /// which is built and tested but not in the app.
    static var featuresToChoose: [any FeatureScreens] { AgoraPlugins.all + [TemplateItemsScreens()] }

    /// Runs `commands` and returns the transcript they produce.
    static func record(_ commands: [String], feature: String? = nil) async throws -> String {
        let console = BufferConsole()
        let features = try feature.map { try FeatureSelection.features(named: $0, among: featuresToChoose) } ?? AgoraPlugins.all
        let session = try REPLSession(configuration: configuration, console: console, features: features)
        // `trace` lines go in the transcript where they happened, as a person at a terminal sees them.
        session.explorer.traceWriter = { line in console.print(line) }
        var transcript = feature.map { "\(featureHeader)\($0)\n" } ?? ""
        for command in commands {
            transcript += "> \(command)\n"
            console.clear()
            let outcome = await session.execute(command)
            transcript += normalizingDurations(console.text)
            if outcome == .quit { break }
        }
        return transcript
    }

    /// `text` with every duration (`12.366 ms`, `[trace     0.004 ms]`) written `#.### ms`: they
    /// differ on every run, the rest must not.
    static func normalizingDurations(_ text: String) -> String {
        text.replacing(#/ +\d+\.\d{3} ms/#, with: " #.### ms").replacing(#/\d+\.\d{3} ms/#, with: "#.### ms")
    }

    /// Replays the golden file and expects identical output.
    func verify(sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let expected = try String(contentsOf: url, encoding: .utf8)
        let actual = try await Transcript.record(commands(), feature: feature())
        if ProcessInfo.processInfo.environment["AGORA_RECORD_TRANSCRIPTS"] == "1" {
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(actual == expected, "transcript \(name) differs:\n\(Transcript.diff(expected, actual))", sourceLocation: sourceLocation)
    }

    private static func diff(_ expected: String, _ actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) where (index < a.count ? a[index] : nil) != (index < b.count ? b[index] : nil) {
            return "first difference at line \(index + 1):\n- \(index < a.count ? a[index] : "<end>")\n+ \(index < b.count ? b[index] : "<end>")"
        }
        return "(no line differs)"
    }
}
