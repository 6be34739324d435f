/// The traced inputs of one ViewModel, as a Swift file of its feature's view inputs: the class
/// both views send the ViewModel's inputs through, each traced, then passed on, with the table an
/// explorer lists and sends by name. It is made from the inputs protocol alone, so an input is
/// declared once, in the feature library.
public struct TracedInputsFile: Equatable, Sendable {
    /// The feature (`Events`), whose library declares the protocol.
    public let feature: String
    public let inputs: InputsProtocol
    /// Every input in the table's order: those of the kit's protocols it refines, then its own.
    public let requirements: [InputRequirement]

    /// Where it goes, from the package's root.
    public var path: String { "Modules/Features/\(feature)/\(feature)ViewInputs/Generated/\(inputs.tracedInputs).swift" }

    /// The file's text.
    public var text: String {
        let name = inputs.tracedInputs
        let forwarders = requirements.map { "    \($0.forwarder)" }
        let entries = requirements.map { "            \($0.catalogEntry)," }
        return """
            // Made by Scripts/generate-inputs from `\(inputs.name)` in the \(feature) library:
            // declare an input there and run it again; this file is not edited by hand.

            import AgoraArchitecture
            import \(feature)

            /// The inputs of `\(inputs.viewModel)` as every view sends them: each is traced (an explorer
            /// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
            /// through ``inputCatalog``.
            @MainActor
            public final class \(name): TracedInputs<any \(inputs.name)>, \(inputs.name), InputDeclaring {
            \(forwarders.joined(separator: "\n"))

                public static var inputCatalog: [InputDescriptor<\(name)>] {
                    [
            \(entries.joined(separator: "\n"))
                    ]
                }
            }

            """
    }
}
