import Foundation
import Testing

/// `Scripts/new-feature` on a copy of the repository, then a whole build and the copy's tests:
/// what a user gets right after scaffolding, the template feature renamed. Takes minutes (a
/// clean build of the copy); turn it off for a quick run with AGORA_SKIP_SCAFFOLDER_TEST=1.
@Suite("New-feature scaffolder on a copy of the repository")
struct ScaffolderTests {
    /// Names the scaffolder must refuse, each with one line and nothing written.
    static let badNames = ["polls", "Bad-Name", "Self", "Class", "Events", "AgoraApp", "Login", "Foundation"]

    @Test(
        "given a copy of the repository, when bad names are given, then each is refused with one line and nothing is written; when Polls is scaffolded, then the copy builds with no warnings, the new tests, transcripts and wiring tests pass, agora opens agora://polls, and its web page opens in Chromium",
        .disabled(if: Toolchain.reasonToSkip != nil, Comment(rawValue: Toolchain.reasonToSkip ?? "")),
        .timeLimit(.minutes(40))
    )
    func scaffoldedFeatureBuildsAndPasses() async throws {
        let copy = try await RepositoryCopy.make()
        defer {
            if ProcessInfo.processInfo.environment["AGORA_KEEP_SCAFFOLDER_COPY"] == "1" {
                print("ScaffolderTests: the copy is kept at \(copy.root.path)")
            } else {
                copy.remove()
            }
        }
        // Bounds against a hang only: beside the other lanes of Scripts/test, a command may wait
        // minutes for the tools' build folder, which the tools' lane holds while it builds.
        func run(_ arguments: [String], timeout: Duration = .seconds(15 * 60), environment: [String: String] = [:]) async throws -> ExternalCommand.Result {
            var command = ExternalCommand(arguments: arguments, directory: copy.root, timeout: timeout)
            command.environment["TMPDIR"] = copy.temporary.path
            // The copy's Tools folder is this repository's: its scripts build and run this one's
            // tools package, whose build Scripts/test shares, rather than build a second from nothing.
            command.environment["AGORA_TOOLS_PACKAGE"] = RepositoryCopy.original.appendingPathComponent("Tools/AgoraTools").path
            command.environment.merge(environment) { _, new in new }
            return try await command.run()
        }
        var timings: [String] = []

        // Bad names: one `error:` line each, and the copy is untouched.
        let refusalsStarted = ContinuousClock.now
        for name in Self.badNames {
            let result = try await run(["Scripts/new-feature", name])
            let lines = result.errors.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(result.status != 0, "\(name) was accepted: \(result.transcript)")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: "), "\(name): expected one error line, got \(result.transcript)")
            #expect(try await copy.status() == "", "\(name) wrote files")
        }

        timings.append("refusals (the tools' build included) " + Self.seconds(ContinuousClock.now - refusalsStarted))

        // The feature.
        let scaffold = try await run(["Scripts/new-feature", "Polls"])
        try #require(scaffold.status == 0, "Scripts/new-feature Polls failed: \(scaffold.transcript)")
        timings.append("scaffold \(Self.seconds(scaffold))")
        let written = try await copy.status()
        #expect(written.contains("?? Modules/Features/Polls/Polls/ViewModel/PollsViewModel.swift"))
        #expect(written.contains("?? Modules/Features/Polls/Polls/UseCase/PollsUseCase.swift"))
        #expect(written.contains("?? Modules/Features/Polls/Polls/Models/Poll.swift"))
        #expect(written.contains("?? Modules/Features/Polls/Polls/Service/PollsService.swift"))
        #expect(written.contains("?? Modules/Features/Polls/Polls/Service/MockPollsService.swift"))
        #expect(written.contains("?? Modules/Features/Polls/PollsWeb/Pages/PollsPage.swift"))
        #expect(written.contains(" M Package.swift"))
        // The feature owns its files, its item and its service included: outside its folders it
        // creates only its transcript, and changes at most the manifest, the plugin lists and the
        // modules' README's graph.
        let entries = Self.statusEntries(written)
        let created = entries.filter { $0.code == "??" }.map(\.path)
        let others = entries.filter { $0.code != "??" }
        #expect(created.count >= 20, "\(written)")
        #expect(created.filter { !Self.isFeatureFile($0) }.isEmpty, "new files outside the feature's folders:\n\(written)")
        #expect(others.allSatisfy { $0.code == " M" }, "only modified files besides the new ones:\n\(written)")
        #expect(Set(others.map(\.path)).isSubset(of: Self.sharedFiles), "shared files changed:\n\(written)")

        let again = try await run(["Scripts/new-feature", "Polls"])
        #expect(again.status != 0 && again.errors.contains("error: 'Polls' clashes with the target Polls"), "\(again.transcript)")
        #expect(try await copy.status() == written, "a second Polls changed files")

        // The module rules, the modules' README's graph and the traced inputs hold for the new feature.
        let rules = try await run(["Scripts/check-architecture"])
        #expect(!rules.errors.contains("Features/Polls/"), "the new feature breaks a module rule: \(rules.transcript)")
        let graph = try await run(["Scripts/module-graph", "--check"])
        #expect(graph.status == 0, "Modules/README.md's module graph was not redrawn: \(graph.transcript)")
        // Its traced inputs are what its inputs protocol makes, so adding an input is declaring it.
        let inputs = try await run(["Scripts/generate-inputs", "--check"])
        #expect(inputs.status == 0, "the new feature's traced inputs are not what its protocol makes: \(inputs.transcript)")

        // A build of the copy, then its tests: what the steps below run, product by product (the
        // test bundle, agora, agora-web), not agora-server and its own dependencies, which a new
        // feature does not change (with them: 311 CPU-seconds here against 275). The bundle holds
        // only the test targets that run below (`AGORA_TEST_TARGETS`): the others' sources are
        // this package's, which its own build compiles. Without the package's default traits: a
        // new feature changes nothing of the PostgreSQL stores, whose dependencies are a quarter
        // of a clean build. Every command below builds or reads the same way. The build writes the
        // symbol graphs the documentation is made from, which `swift package dump-symbol-graph`
        // would build again, with the default traits. No debugger reads this build: it writes no
        // debug information (214 s against 231 s here), and the compiler's warnings are the same.
        // Its index stays: Linux finds tests through it.
        let traits = "--disable-default-traits"
        let testTargets = ["AGORA_TEST_TARGETS": "PollsTests,AgoraAppTests,AgoraREPLTests,AgoraArchitectureTests"]
        let symbolGraphs = copy.temporary.appendingPathComponent("symbol-graphs").path
        try FileManager.default.createDirectory(atPath: symbolGraphs, withIntermediateDirectories: true)
        var buildLines: [String] = []
        var buildSeconds = 0.0
        for product in ["AgoraPackageTests", "agora", "agora-web"] {
            let build = try await run(
                [
                    "swift", "build", "--product", product, traits, "-Xswiftc", "-gnone",
                    "-Xswiftc", "-emit-symbol-graph", "-Xswiftc", "-emit-symbol-graph-dir", "-Xswiftc", symbolGraphs,
                ],
                timeout: .seconds(30 * 60), environment: testTargets)
            try #require(build.status == 0, "the scaffolded copy's \(product) does not build: \(build.transcript)")
            buildLines += (build.output + build.errors).split(separator: "\n").map(String.init)
            buildSeconds += build.seconds
        }
        timings.append(String(format: "build %.1f s", buildSeconds))
        let ourFolders = ["Modules/", "Apps/", "Tests/"].map { copy.root.path + "/" + $0 }
        let ourWarnings = buildLines.filter { line in
            line.contains("warning:") && ourFolders.contains { folder in line.contains(folder) }
        }
        #expect(ourWarnings.isEmpty, "warnings in the copy's code:\n\(ourWarnings.joined(separator: "\n"))")

        let tests = try await run(
            ["swift", "test", "--skip-build", traits, "--filter", "PollsTests|AgoraAppTests|TranscriptTests|RoutePatternTests"],
            timeout: .seconds(10 * 60), environment: testTargets
        )
        #expect(tests.status == 0, "the copy's tests fail: \(tests.transcript)")
        #expect(tests.output.contains("Polls ViewModel"), "the new feature's tests did not run: \(tests.transcript)")
        #expect(tests.output.contains("Polls from the feature's own service"), "the new feature's client tests did not run: \(tests.transcript)")
        timings.append("tests \(Self.seconds(tests))")

        // Its documentation builds with the rest, with no warning (Scripts/test runs this). It
        // builds nothing new, so the screens below open meanwhile.
        async let documentation = run(["Scripts/docs", "--symbol-graphs", symbolGraphs], timeout: .seconds(10 * 60), environment: testTargets)

        // The screen opens in the REPL, OSS mode and live mode; a home of its own, so no user file is touched.
        let binaries = try await run(["swift", "build", traits, "--show-bin-path"], environment: testTargets)
        let agora = binaries.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/agora"
        let home = copy.root.appendingPathComponent(".home").path
        let quiet = ["HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1"]
        let oss = try await run([agora, "--oss", "-c", "open agora://polls; more"], environment: quiet)
        #expect(oss.status == 0, "\(oss.transcript)")
        let firstLines = oss.output.split(separator: "\n").prefix(3)
        #expect(firstLines.first == "Polls" && firstLines.dropFirst().first?.hasSuffix("Answers  Poll") == true, "\(oss.transcript)")
        #expect(firstLines.last?.hasSuffix("40  Which evening suits the next meetup?") == true, "\(oss.transcript)")
        #expect(oss.output.contains("28  Online, in person, or both? (4)\n"), "the 25th, after more: \(oss.transcript)")
        let live = try await run(
            [agora, "--live", "-c", "open agora://polls"], environment: quiet.merging(["AGORA_SERVER_URL": "http://127.0.0.1:9"]) { _, new in new })
        #expect(live.status != 0)
        #expect(live.errors.contains("error: Polls (not on agora-server yet) is not available in this mode."), "\(live.transcript)")

        // The page opens in the copy's web app, in headless Chromium: its rows, `more`, a row's link.
        let python = RepositoryCopy.original.appendingPathComponent(".build/web-venv/bin/python").path
        try #require(
            FileManager.default.isExecutableFile(atPath: python),
            "no \(python): Scripts/bootstrap installs the browser tests' selenium (Scripts/test runs it first)")
        let browserStarted = ContinuousClock.now
        var browser = ExternalCommand(
            arguments: [python, "open_list.py", "/polls", "Polls"], directory: copy.root.appendingPathComponent("Tests/Web"), timeout: .seconds(15 * 60))
        browser.environment.merge(quiet) { _, new in new }
        browser.environment["AGORA_WEB_BINARY"] = binaries.output.trimmingCharacters(in: .whitespacesAndNewlines) + "/agora-web"
        browser.environment["PYTHONDONTWRITEBYTECODE"] = "1"
        let opened = try await browser.run()
        #expect(opened.status == 0, "the scaffolded page in Chromium: \(opened.transcript)")
        #expect(opened.output.contains("/polls in Chromium: 'Polls', 20 rows, 25 after more; row 0 opens /events/"), "\(opened.transcript)")
        timings.append("browser " + Self.seconds(ContinuousClock.now - browserStarted))

        let docs = try await documentation
        timings.append("docs \(Self.seconds(docs)), beside the screens")
        #expect(docs.status == 0, "the copy's documentation fails: \(docs.transcript)")
        #expect(docs.output.contains("docs: Polls"), "\(docs.transcript)")

        print("ScaffolderTests: \(timings.joined(separator: ", "))")
    }

    /// The shared files a feature may change: the manifest, one plugin list per view, the modules'
    /// README's graph. Its item and its service are its own.
    static let sharedFiles: Set<String> = [
        "Package.swift", "Modules/REPL/AgoraREPL/AgoraPlugins.swift", "Modules/Web/AgoraWeb/AgoraWebPlugins.swift", "Modules/README.md",
    ]

    /// Whether `path` is the new feature's own: its folders, its tests and its transcript.
    static func isFeatureFile(_ path: String) -> Bool {
        path.hasPrefix("Modules/Features/Polls/") || path.hasPrefix("Tests/PollsTests/") || path == "Tests/AgoraREPLTests/Transcripts/polls.transcript"
    }

    /// `git status --porcelain` as (two-letter code, path) pairs: `("??", "Tests/PollsTests/…")`.
    static func statusEntries(_ status: String) -> [(code: String, path: String)] {
        status.split(separator: "\n").map { line in (String(line.prefix(2)), String(line.dropFirst(3))) }
    }

    static func seconds(_ result: ExternalCommand.Result) -> String {
        String(format: "%.1f s", result.seconds)
    }

    static func seconds(_ duration: Duration) -> String {
        String(format: "%.1f s", Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }
}
