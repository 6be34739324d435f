import AgoraTerminalUI
import Foundation
import LineEditing

/// Output taller than the terminal shown through the user's pager, as psql does: `$PAGER`, else
/// `less -FRX` (quit at once when it fits, keep colours, leave the text on the screen).
///
/// While a command runs its output is held in a private temporary file; when it ends the file is
/// written to the terminal as it is, or given to the pager when it has more lines than the
/// terminal has rows below the prompt.
@MainActor
final class Pager {
    /// Whether output is held and paged (`pager on|off`).
    var isOn = true
    /// The shell command that pages standard input.
    let command: String
    private let route: StandardOutputRoute
    private var held: URL?

    init(environment: [String: String], route: StandardOutputRoute) {
        self.route = route
        let chosen = environment["PAGER"]?.trimmingCharacters(in: .whitespaces) ?? ""
        command = chosen.isEmpty ? "less -FRX" : chosen
    }

    /// Holds what the next command writes to standard output, when the pager is on and output
    /// goes to the terminal.
    func holdOutput() {
        guard isOn, held == nil, !route.isToUserFile else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-output-\(UUID().uuidString)")
        do {
            try route.hold(in: file.path)
            held = file
        } catch {
            // No temporary file: the output goes straight to the terminal, unpaged.
        }
    }

    /// Shows what was held on the terminal: as it is when it fits, else through the pager.
    func showHeldOutput() async {
        guard let file = held else { return }
        held = nil
        route.stopHolding()
        defer { try? FileManager.default.removeItem(at: file) }
        guard let text = try? Data(contentsOf: file), !text.isEmpty else { return }
        let terminal = route.startedOutput
        let lines = text.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        // One row stays for the prompt that follows.
        if lines >= Terminal.rows(of: terminal.fileDescriptor), await page(file, on: terminal) { return }
        // A terminal that went away ends the session at the next prompt, not here.
        try? terminal.write(contentsOf: text)
    }

    /// Runs the pager on `file`, drawing on `terminal`; `false` when it could not be started
    /// (then the text is written as it is).
    private func page(_ file: URL, on terminal: FileHandle) async -> Bool {
        guard let input = try? FileHandle(forReadingFrom: file) else { return false }
        defer { try? input.close() }
        return await ForegroundProcess.run(command, input: input.fileDescriptor, output: terminal.fileDescriptor) != nil
    }
}
