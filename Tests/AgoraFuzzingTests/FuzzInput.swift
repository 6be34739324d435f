import AgoraFuzzing
import Foundation
import Testing

/// One committed input of a fuzz target: a seed (`Tools/Fuzz/Corpus/<target>`) or a crash that was
/// fixed (`Tools/Fuzz/Regressions/<target>`).
struct FuzzInput: Sendable, CustomTestStringConvertible {
    /// Where the input lives, from `Tools/Fuzz/` ("Corpus/route/web-event").
    let path: String
    let bytes: [UInt8]

    var testDescription: String { path }

    static let fuzzFolder = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Tools/Fuzz")

    /// Every committed input of `target`, seeds first, sorted by name.
    static func all<Target: FuzzTarget>(of target: Target.Type) -> [FuzzInput] {
        ["Corpus", "Regressions"].flatMap { inputs(in: "\($0)/\(target.name)") }
    }

    /// The inputs of `target` that once broke a promise.
    static func regressions<Target: FuzzTarget>(of target: Target.Type) -> [FuzzInput] {
        inputs(in: "Regressions/\(target.name)")
    }

    /// The seeds of `target`.
    static func seeds<Target: FuzzTarget>(of target: Target.Type) -> [FuzzInput] {
        inputs(in: "Corpus/\(target.name)")
    }

    private static func inputs(in folder: String) -> [FuzzInput] {
        let directory = fuzzFolder.appending(path: folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: directory.appending(path: name).path) else { return nil }
            return FuzzInput(path: "\(folder)/\(name)", bytes: Array(data))
        }
    }
}
