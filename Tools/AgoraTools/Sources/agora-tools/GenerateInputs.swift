import ArgumentParser
import Foundation
import InputsGeneration

struct GenerateInputs: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-inputs",
        abstract: "Make each feature's traced inputs from the inputs protocols of its library; or check the committed ones.",
        discussion: """
        For each `XViewModelInputs` protocol of a feature library, writes \
        Modules/Features/<Name>/<Name>ViewInputs/Generated/XInputs.swift: the class both views send \
        the inputs through, each traced, and the table an explorer lists and sends by name. A \
        parameter of type SecretString is never traced.
        """
    )

    @Flag(help: "Fail, naming each file, when a committed file is not what the protocols make.")
    var check = false

    @OptionGroup var root: RootOption

    func run() throws {
        let generator = InputsGenerator(root: root.url)
        do {
            if check {
                let stale = try generator.staleFiles()
                guard stale.isEmpty else { throw fail(InputsGenerationError.stale(files: stale).description) }
                print("generate-inputs: the traced inputs are what the protocols make")
            } else {
                let written = try generator.write()
                print("generate-inputs: wrote \(written.count) files")
            }
        } catch let error as InputsGenerationError {
            throw fail(error.description)
        }
    }
}
