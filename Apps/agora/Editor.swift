import AgoraTerminalUI
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The user's editor (`$EDITOR`, else `vi`) on an empty private temporary file, for text longer
/// than a line (`edit`); what is saved comes back as written.
struct Editor {
    /// The shell command that edits the file named after it.
    let command: String

    init(environment: [String: String]) {
        let chosen = environment["EDITOR"]?.trimmingCharacters(in: .whitespaces) ?? ""
        command = chosen.isEmpty ? "vi" : chosen
    }

    /// Opens the editor and returns the text saved, without the file's last line break: an editor
    /// ends a file with one, and it is no part of the text.
    ///
    /// - Parameter terminal: where the editor draws: standard output as agora started, wherever
    ///   it points now (a file, the pager's).
    func edit(terminal: FileHandle) async throws(CommandError) -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agora-edit-\(UUID().uuidString).txt")
        // Private: a draft is nobody else's to read.
        guard FileManager.default.createFile(atPath: file.path, contents: Data(), attributes: [.posixPermissions: 0o600]) else {
            throw CommandError(
                "Cannot create a file in \(FileManager.default.temporaryDirectory.path) for the editor: set TMPDIR to a folder you can write to.")
        }
        defer { try? FileManager.default.removeItem(at: file) }
        // The file is the command's first argument, never part of its text.
        let status = await ForegroundProcess.run("\(command) \"$1\"", arguments: [file.path], input: STDIN_FILENO, output: terminal.fileDescriptor)
        guard let status else { throw CommandError("Cannot start the editor: /bin/sh is missing.") }
        guard status == 0 else {
            throw CommandError(
                "The editor (`\(command)`) ended with status \(status), so nothing was sent; set EDITOR to an editor that exits 0 when it saves.")
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CommandError("Cannot read what the editor saved: \(file.path) is gone.")
        }
        guard var text = String(data: data, encoding: .utf8) else { throw CommandError("What the editor saved is not UTF-8 text, so nothing was sent.") }
        // "\r\n" is one Character: removing the last one removes the whole line break.
        if text.hasSuffix("\n") || text.hasSuffix("\r\n") { text.removeLast() }
        return text
    }
}
