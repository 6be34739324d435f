import Foundation
import InputsGeneration
import Testing

@Suite("Traced inputs are made from the inputs protocols: an input is declared once")
struct InputsGenerationTests {
    static let kit = """
        @MainActor
        public protocol ListViewModelInputs {
            /// The list was shown for the first time.
            func viewDidLoad()
            func willDisplayRow(_ row: Int, outOf total: Int)
        }
        """
    static let library = """
        @MainActor
        public protocol PollsViewModelInputs: ListViewModelInputs {
            /// The member chose `choice` in the poll `id`.
            func voteTapped(_ id: PollRow.ID, choice: Int)
            func passwordChanged(_ password: SecretString)
        }
        """

    /// A package root holding the kit's protocol, a Polls library with `library`, and Polls'
    /// view inputs folder.
    func root(library: String = Self.library) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("agora-inputs-\(UUID().uuidString)")
        for (path, text) in [
            "Modules/Core/AgoraArchitecture/ViewModel/ListViewModel.swift": Self.kit,
            "Modules/Features/Polls/Polls/ViewModel/PollsViewModelType.swift": library,
            "Modules/Features/Polls/PollsViewInputs/Generated/.keep": "",
        ] {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("Modules/Features/Polls/PollsViewInputs/Generated/.keep"))
        return root
    }

    @Test("given a protocol that refines the kit's, when its traced inputs are made, then the kit's inputs come first, each traced then passed on, with a table entry each")
    func madeFromTheProtocol() throws {
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }

        let files = try InputsGenerator(root: root).files()

        let file = try #require(files.first)
        #expect(files.count == 1)
        #expect(file.path == "Modules/Features/Polls/PollsViewInputs/Generated/PollsInputs.swift")
        let lines = file.text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("import Polls"))
        #expect(lines.contains("public final class PollsInputs: TracedInputs<any PollsViewModelInputs>, PollsViewModelInputs, InputDeclaring {"))
        let forwarders = lines.filter { $0.hasPrefix("public func ") }
        #expect(
            forwarders == [
                "public func viewDidLoad() { send { $0.viewDidLoad() } }",
                "public func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }",
                "public func voteTapped(_ id: PollRow.ID, choice: Int) { send(id, choice) { $0.voteTapped(id, choice: choice) } }",
                "public func passwordChanged(_ password: SecretString) { send(HiddenArgument()) { $0.passwordChanged(password) } }",
            ])
        let entries = lines.filter { $0.hasPrefix(".input(") }
        #expect(
            entries == [
                #".input("viewDidLoad") { $0.viewDidLoad() },"#,
                #".input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },"#,
                #".input("voteTapped", "id", "choice") { $0.voteTapped($1, choice: $2) },"#,
                #".input("passwordChanged", "password") { (inputs, password: SecretText) in inputs.passwordChanged(password.text) },"#,
            ])
    }

    @Test("given the traced inputs written, when an input is added to the protocol, then the check names the stale file, and writing again makes it current")
    func staleUntilWrittenAgain() throws {
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = InputsGenerator(root: root)
        #expect(try generator.staleFiles() == ["Modules/Features/Polls/PollsViewInputs/Generated/PollsInputs.swift"], "not written yet")
        _ = try generator.write()
        #expect(try generator.staleFiles().isEmpty)

        let grown = Self.library.replacingOccurrences(of: "    func passwordChanged", with: "    func shareTapped()\n    func passwordChanged")
        try Data(grown.utf8).write(to: root.appendingPathComponent("Modules/Features/Polls/Polls/ViewModel/PollsViewModelType.swift"))

        #expect(try generator.staleFiles() == ["Modules/Features/Polls/PollsViewInputs/Generated/PollsInputs.swift"])
        _ = try generator.write()
        let text = try String(contentsOf: root.appendingPathComponent("Modules/Features/Polls/PollsViewInputs/Generated/PollsInputs.swift"), encoding: .utf8)
        #expect(text.contains(#".input("shareTapped") { $0.shareTapped() },"#))
    }

    @Test("given a file left in the generated folder by a protocol since removed, when checked, then it is named")
    func leftOverFile() throws {
        let root = try root()
        defer { try? FileManager.default.removeItem(at: root) }
        let generator = InputsGenerator(root: root)
        _ = try generator.write()
        try Data("// old".utf8).write(to: root.appendingPathComponent("Modules/Features/Polls/PollsViewInputs/Generated/VotesInputs.swift"))

        #expect(try generator.staleFiles() == ["Modules/Features/Polls/PollsViewInputs/Generated/VotesInputs.swift"])
    }

    @Test("given an input whose parameter is not `[label] name: Type`, when made, then it fails naming the protocol and the function")
    func unreadableRequirement() throws {
        let root = try root(library: "protocol PollsViewModelInputs {\n    func voteTapped(_ choices: Int...)\n    func odd(a b c: Int)\n}\n")
        defer { try? FileManager.default.removeItem(at: root) }

        #expect(throws: InputsGenerationError.unreadableRequirement(protocol: "PollsViewModelInputs", function: "func odd(a b c: Int)")) {
            try InputsGenerator(root: root).files()
        }
    }
}
