import Foundation

/// Where `--script` reads its commands: a file, or standard input for `-` (`… | agora --script -`).
enum ScriptFile {
    /// The script's text, `nil` when it cannot be read or is not UTF-8.
    ///
    /// Read through a file handle to its end, not by the file's size: `/dev/stdin` and a named
    /// pipe report a size of 0 and would read as an empty script.
    static func text(at path: String) -> String? {
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        guard let handle, let data = try? handle.readToEnd() ?? Data() else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
