import ArchitectureChecks
@testable import FeatureScaffolding
import Foundation
import InputsGeneration
import ManifestReading
import Testing

/// The scaffolder on a copy of this repository's sources (no build: the main package's
/// ScaffolderTests build and test a scaffolded copy).
@Suite("Feature scaffolder on a copy of the repository")
struct FeatureScaffolderTests {
    let copy: RepositoryCopy
    let scaffolder: FeatureScaffolder

    init() throws {
        copy = try RepositoryCopy(["Package.swift", "README.md", "Modules", "Apps", "Tests"])
        scaffolder = FeatureScaffolder(root: copy.root, loadManifest: ManifestsEvaluatedOnce.load)
    }

    @Test("given names that clash with the repository, when planned, then each is refused with one line and nothing is written", arguments: [
        ("Events", "'Events' clashes with the target Events of Package.swift (Modules/Features/Events/Events); choose a new name"),
        ("AgoraApp", "'AgoraApp' clashes with the target AgoraApp of Package.swift (Modules/Composition/AgoraApp); choose a new name"),
        ("Logging", "'Logging' is already a module, product or package that Package.swift names; choose a new name"),
        ("Login", "'Login' clashes with the route `.login` in Modules/Core/AgoraArchitecture/Navigation/Route+SharedLinks.swift; choose a new name"),
        ("Event", "'Event' clashes with the route `.event` in Modules/Core/AgoraArchitecture/Navigation/Route+SharedLinks.swift; choose a new name"),
        ("Session", "'Session' is already a type in this repository; a module of that name would hide it, so choose a new name"),
        ("Users", "the item type 'User' already exists in this repository; pass --item with a new name, e.g. --item UserEntry"),
        ("Mock", "'Mock' would add the type MockService, which already exists in this repository; choose a new name"),
    ])
    func clashesAreRefused(name: String, message: String) throws {
        let before = try copy.snapshot()

        #expect(throws: ScaffoldingError(message)) {
            let plan = try scaffolder.plan(FeatureName(name))
            try scaffolder.write(plan)
        }
        #expect(try copy.snapshot() == before, "nothing was written")
    }

    @Test("given a new name, when written, then the feature's folders, tests, transcript and route, its item and its own service, manifest line and plugin are there, and no shared service changed")
    func writesFeature() throws {
        let before = try copy.snapshot()
        let plan = try scaffolder.plan(FeatureName("StudyGroups"))
        try scaffolder.write(plan)

        let library = "Modules/Features/StudyGroups/StudyGroups"
        for folder in ["Models", "Service", "UseCase", "ViewModel", "Coordinator", "Plugin"] {
            #expect(copy.exists("\(library)/\(folder)"), "\(folder)")
        }
        #expect(copy.exists("Modules/Features/StudyGroups/StudyGroupsREPL/Screens/StudyGroupsScreen.swift"))
        #expect(copy.exists("Modules/Features/StudyGroups/StudyGroupsREPL/StudyGroupsScreens.swift"))
        #expect(copy.exists("Tests/StudyGroupsTests/StudyGroupsViewModelTests.swift"))
        #expect(copy.exists("Tests/StudyGroupsTests/StudyGroupsServiceTests.swift"))
        #expect(copy.exists("Tests/AgoraREPLTests/Transcripts/study-groups.transcript"))
        #expect(try copy.read("Package.swift").contains("    \"StudyGroups\",\n]"))
        #expect(try copy.read("Modules/REPL/AgoraREPL/AgoraPlugins.swift").contains("import StudyGroupsREPL\n"))
        #expect(try copy.read("Modules/REPL/AgoraREPL/AgoraPlugins.swift").contains("StudyGroupsScreens(),"))
        #expect(copy.exists("Modules/Features/StudyGroups/StudyGroupsWeb/Pages/StudyGroupsPage.swift"))
        #expect(try copy.read("Modules/Web/AgoraWeb/AgoraWebPlugins.swift").contains("import StudyGroupsWeb\n"))
        #expect(try copy.read("Modules/Web/AgoraWeb/AgoraWebPlugins.swift").contains("StudyGroupsWebViews(),"))
        #expect(try copy.read("\(library)/Plugin/Route+StudyGroups.swift").contains("public static let studyGroups = Route(path: \"study-groups\")"))
        #expect(try copy.read("\(library)/Plugin/StudyGroupsPlugin.swift").contains("Destination(\"study-groups\", summary: \"the study groups list\")"))

        // The feature owns its item and its service: the protocol, the mock over the app's mock
        // world, the live one agora-server does not serve yet, and their trace.
        #expect(try copy.read("\(library)/Models/StudyGroup.swift").contains("public struct StudyGroup: Identifiable, Hashable, Sendable, Codable {"))
        #expect(try copy.read("\(library)/Service/StudyGroupsRequest.swift").contains("public struct StudyGroupsRequest: Hashable, Sendable {"))
        #expect(
            try copy.read("\(library)/Service/StudyGroupsService.swift").contains(
                "public protocol StudyGroupsService: Sendable {\n    /// Study groups, soonest to close first, one page at a time.\n    func fetchStudyGroups(_ request: StudyGroupsRequest) async throws(ServiceError) -> Page<StudyGroup>\n}"
            ))
        #expect(try copy.read("\(library)/Service/LiveStudyGroupsService.swift").contains("throw .unimplemented(\"Study groups (not on agora-server yet)\")"))
        #expect(try copy.read("\(library)/Service/MockStudyGroupsService.swift").contains("try await mock.answer(fetchStudyGroups, to: request)"))
        #expect(try copy.read("\(library)/Service/TracedStudyGroupsService.swift").contains("try await trace.run(\"fetchStudyGroups\", mode: mode"))
        #expect(try copy.read("\(library)/Service/MockData+StudyGroups.swift").contains("public var studyGroups: [StudyGroup] {"))
        let assembly = try copy.read("\(library)/Plugin/StudyGroupsAssembly.swift")
        #expect(assembly.contains("try resolver.resolve((any ListCacheStore).self).cache(of: StudyGroup.self)"))
        #expect(assembly.contains("case .oss: try MockStudyGroupsService(mock: resolver.resolve())"))
        #expect(try copy.read("\(library)/UseCase/StudyGroupsUseCase.swift").contains("private let service: any StudyGroupsService\n"))

        let after = try copy.snapshot()
        let notTheFeatures = [
            "Modules/Core/AgoraArchitecture/Navigation/Route.swift", "Modules/Composition/AgoraApp/CacheAssembly.swift", "Tests/AgoraREPLTests/TranscriptTests.swift",
            "Modules/Services/AgoraAPI/ServiceType.swift", "Modules/Services/AgoraMocks/MockService.swift", "Modules/Services/AgoraMocks/MockBackend.swift",
            "Modules/Testing/AgoraTestSupport/MockEndpoint+Unimplemented.swift",
        ]
        for path in notTheFeatures {
            #expect(after[path] != nil && after[path] == before[path], "\(path) is not the feature's to change")
        }
        let changed = Set(after.keys.filter { after[$0] != before[$0] })
        #expect(changed == Set(plan.created + plan.modified), "the plan lists every file written")
        #expect(Set(plan.modified) == Set(FeatureScaffolder.Paths.sharedFiles))
        #expect(plan.created.allSatisfy { copy.exists($0) })
    }

    @Test("given a feature written, then its screen follows the cache: the Loadable hands over a CachedList, the ViewModel's list is the kit's PagedList following it (which subscribes before the first page), and no module rule is broken")
    func writesObservingFeature() throws {
        try scaffolder.write(scaffolder.plan(FeatureName("StudyGroups")))
        let loadable = try copy.read("Modules/Features/StudyGroups/StudyGroups/UseCase/StudyGroupsFetchable.swift")
        let useCase = try copy.read("Modules/Features/StudyGroups/StudyGroups/UseCase/StudyGroupsUseCase.swift")
        let viewModel = try copy.read("Modules/Features/StudyGroups/StudyGroups/ViewModel/StudyGroupsViewModel.swift")

        #expect(loadable.contains("func cachedStudyGroups() -> CachedList<StudyGroup>"))
        #expect(useCase.contains("cache.cachedList(Self.list)"), "followed as every list is, a window at a time")
        #expect(useCase.contains("guard !Task.isCancelled else { return page }"), "a page a refresh replaced never reaches the cache")
        #expect(viewModel.contains("public let list: PagedList<StudyGroup, StudyGroupRow, ServiceError>"))
        #expect(
            viewModel.contains("public final class StudyGroupsViewModel: PagedListViewModel,") && !viewModel.contains("public var rows:"),
            "the rows are the list's (the cache's), read in the kit")
        #expect(!viewModel.contains("prefill"), "rows come from the cache, not a snapshot")
        #expect(
            viewModel.contains(
                "// The cached rows show first; the first page is asked for after them.\n        let fetcher = dependency.fetcher\n        list.start(following: dependency.loader.cachedStudyGroups())"
            ))
        #expect(!viewModel.contains("inputTrace") && !viewModel.contains("InputDeclaring"), "nothing in the library is for the tools")

        let inputs = try copy.read("Modules/Features/StudyGroups/StudyGroupsViewInputs/Generated/StudyGroupsInputs.swift")
        #expect(
            inputs.contains("final class StudyGroupsInputs: TracedInputs<any StudyGroupsViewModelInputs>, StudyGroupsViewModelInputs, InputDeclaring"),
            "the REPL's `trace`, `inputs` and `send` work on it")
        #expect(try InputsGenerator(root: copy.root).staleFiles().isEmpty, "as the inputs protocol makes them: an input is declared once")
        let screen = try copy.read("Modules/Features/StudyGroups/StudyGroupsREPL/Screens/StudyGroupsScreen.swift")
        #expect(screen.contains("inputs = StudyGroupsInputs(viewModel.inputs)") && !screen.contains("viewModel.inputs."), "the screen sends traced")

        let manifest = try ManifestsEvaluatedOnce.load(packageAt: copy.root)
        #expect(
            manifest.target(named: "StudyGroups")?.upcomingFeatures.contains("NonisolatedNonsendingByDefault") == true,
            "the new feature is built under the same isolation rule as the others")
        let report = try ArchitectureCheck(root: copy.root, manifest: manifest).run()
        let ours = report.violations.map(\.description).filter { $0.contains("StudyGroups") }
        #expect(ours.isEmpty, "\(ours)")
        #expect(report.filesScanned > 100, "the real modules were read")
    }

    @Test("given a feature written, then its files are the template's, one for one, renamed, and its transcript replays the template's session")
    func copiesTheTemplate() throws {
        let template = try FeatureTemplate(root: copy.root).files
        let plan = try scaffolder.plan(FeatureName("Bookmarks"))

        #expect(plan.created.count == template.count)
        #expect(plan.created.contains("Modules/Features/Bookmarks/Bookmarks/Service/MockData+Bookmarks.swift"))
        let transcript = try #require(plan.changes.first { $0.path == "Tests/AgoraREPLTests/Transcripts/bookmarks.transcript" })
        let templateTranscript = try #require(template.first { $0.path.hasSuffix("/template-items.transcript") })
        let commands = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("> ") }.count }
        #expect(commands(transcript.contents) == commands(templateTranscript.contents))
        #expect(transcript.contents.contains("\n> more\nNo more bookmarks: all 25 are shown.\n"))
    }

    @Test("given the template with its name in a form the renaming does not know, when planned, then it is refused naming the file and line, and nothing is written")
    func unknownFormInTemplate() throws {
        let path = "Modules/Features/TemplateItems/TemplateItems/Models/TemplateItemRow.swift"
        let text = try copy.read(path)
        try copy.write(text + "// one templateItem\n", to: path)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let before = try copy.snapshot()

        #expect(
            throws: ScaffoldingError(
                "\(path):\(line): 'templateItem' holds the template's name in a form new-feature cannot rename; write it as one of TemplateItems, TemplateItem, templateItems, template-items, template items, template item (or capitalised)"
            )
        ) {
            try scaffolder.plan(FeatureName("Bookmarks"))
        }
        #expect(try copy.snapshot() == before)
    }

    @Test("given a feature just written, when the same name is asked for again, then it is refused and nothing changes")
    func sameNameTwice() throws {
        try scaffolder.write(scaffolder.plan(FeatureName("Polls")))
        let before = try copy.snapshot()

        #expect(throws: ScaffoldingError("'Polls' clashes with the target Polls of Package.swift (Modules/Features/Polls/Polls); choose a new name")) {
            try scaffolder.plan(FeatureName("Polls"))
        }
        #expect(try copy.snapshot() == before)
    }

    @Test("given a write that fails at its last file, when written, then every file written before is undone")
    func failedWriteIsUndone() throws {
        let before = try copy.snapshot()
        let plan = try scaffolder.plan(FeatureName("Polls"))
        // The last change cannot be renamed into place: its path is now a folder that is not empty.
        let last = try #require(plan.changes.last)
        #expect(!last.isNew)
        try FileManager.default.removeItem(at: copy.root.appendingPathComponent(last.path))
        try copy.write("in the way", to: last.path + "/blocker")

        #expect(throws: ScaffoldingError.self) { try scaffolder.write(plan) }

        try FileManager.default.removeItem(at: copy.root.appendingPathComponent(last.path))
        try copy.write(try #require(last.original), to: last.path)
        #expect(try copy.snapshot() == before, "new files removed, changed files restored, no temporary files left")
        #expect(!copy.exists("Modules/Features/Polls"), "the folders it made are gone too")
    }

    @Test("given a dry run's plan, when nothing is written, then it lists the feature's new files, in its own folders but for its transcript, and the four shared files it changes")
    func planLists() throws {
        let before = try copy.snapshot()
        let plan = try scaffolder.plan(FeatureName("Polls"))

        for file in ["ViewModel/PollsViewModel.swift", "ViewModel/PollsViewModelType.swift", "ViewModel/PollsViewModel+Dependency.swift", "Models/PollRow.swift", "UseCase/PollsUseCase.swift"] {
            #expect(plan.created.contains("Modules/Features/Polls/Polls/\(file)"), "\(file)")
        }
        #expect(plan.created.contains("Tests/PollsTests/PollsServiceTests.swift"))
        #expect(plan.created.contains("Tests/AgoraREPLTests/Transcripts/polls.transcript"))
        let outside = plan.created.filter { path in
            !path.hasPrefix("Modules/Features/Polls/") && !path.hasPrefix("Tests/PollsTests/") && path != "Tests/AgoraREPLTests/Transcripts/polls.transcript"
        }
        #expect(outside.isEmpty, "every file but the transcript is under a folder named for Polls: \(outside)")
        #expect(Set(plan.modified) == Set(FeatureScaffolder.Paths.sharedFiles), "\(plan.modified)")
        #expect(plan.modified.count == 4, "the manifest, one plugin list per view, the graph")
        #expect(plan.modified.contains("Package.swift") && plan.modified.contains("Modules/REPL/AgoraREPL/AgoraPlugins.swift"))
        #expect(plan.modified.contains("Modules/Web/AgoraWeb/AgoraWebPlugins.swift"))
        #expect(try copy.snapshot() == before, "a plan writes nothing")
        #expect(!copy.exists("Modules/Features/Polls"))
    }
}
