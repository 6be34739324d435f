import ArgumentParser
import FeatureScaffolding
import Foundation

struct NewFeature: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-feature",
        abstract: "Add a feature copied from the template feature, renamed, with its manifest line and screens.",
        discussion: """
        Copies the template feature, Modules/Features/TemplateItems (built and tested like every \
        feature, not in the app), with its tests and transcript, renaming every form of its name: \
        Modules/Features/<Name>/<Name>/{Models,UseCase,ViewModel,Coordinator,Plugin} (the item \
        model, the feature's own client with its mock and live values, and the route \
        agora://<name> among them), Modules/Features/<Name>/<Name>REPL, Tests/<Name>Tests and a \
        transcript; outside those it changes only the line in Package.swift's features, the \
        screens in AgoraPlugins.all and Modules/README.md's module graph. \
        A name that is not valid or clashes is refused and nothing is written.
        """
    )

    @Argument(help: ArgumentHelp("The feature's name in UpperCamelCase, plural, e.g. Polls or StudyGroups.", valueName: "Name"))
    var name: String

    @Option(help: ArgumentHelp("The type of one listed item (default: the singular of <Name>, e.g. Poll).", valueName: "Type"))
    var item: String?

    @Flag(help: "Print what would be written, and write nothing.")
    var dryRun = false

    @OptionGroup var root: RootOption

    func run() throws {
        do {
            let names = try FeatureName(name, item: item)
            let scaffolder = FeatureScaffolder(root: root.url)
            let plan = try scaffolder.plan(names)
            if !dryRun { try scaffolder.write(plan) }
            let verb = dryRun ? "would create" : "created"
            print("new-feature: \(verb) \(names.name) (\(plan.created.count) files, \(plan.modified.count) changed):")
            for path in plan.created { print("  + \(path)") }
            for path in plan.modified { print("  ~ \(path)") }
            for note in plan.notes { print(note) }
            guard !dryRun else { return }
            print("""
            Next:
              swift build --build-tests && swift test --filter '\(names.testTarget)|TranscriptTests|AgoraAppTests'
              Scripts/agora --oss -c 'open \(names.url)'
            """)
        } catch {
            // Everything above throws ScaffoldingError: a one-line message, nothing written.
            throw fail(error.message)
        }
    }
}
