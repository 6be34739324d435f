import ArgumentParser
import Foundation

/// `agora-tools`: the commands behind Scripts/new-feature, Scripts/check-architecture,
/// Scripts/module-graph and Scripts/generate-inputs.
@main
struct AgoraTools: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agora-tools",
        abstract: "Tools for the Agora repository: a new feature, the module rules, the module graph, the traced inputs.",
        subcommands: [NewFeature.self, CheckArchitecture.self, PrintModuleGraph.self, GenerateInputs.self]
    )
}

/// The repository a command works on.
struct RootOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The Agora repository (the folder with Package.swift).", valueName: "path"))
    var root: String = "."

    var url: URL { URL(fileURLWithPath: root).standardizedFileURL }
}

/// Prints `message` as one `error:` line on standard error and fails the command.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode.failure
}
