import Foundation

/// Where a command saves a file, as the person typed it at the prompt: `~` is their home
/// folder, as a shell reads it, and anything else is the path as typed.
public struct SavedFilePath: Sendable, Hashable {
    /// The path as typed (`~/meetup.ics`), for what the command says back.
    public let typed: String
    /// The path the file is written to (`/home/ana/meetup.ics`).
    public let expanded: String
    /// The file name a folder's refusal suggests (`meetup.ics`): the command's own.
    public let suggestedName: String

    /// - Parameters:
    ///   - typed: the path as typed.
    ///   - suggestedName: the name to suggest when `typed` is a folder (the file the command
    ///     saves by default).
    public init(_ typed: String, suggestedName: String) {
        self.typed = typed
        self.suggestedName = suggestedName
        expanded = Self.expandingHome(typed)
    }

    /// `path` with a leading `~` read as the home folder (`~/x.txt`); any other path as typed.
    public static func expandingHome(_ path: String) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty else { return path }
        return home + path.dropFirst()
    }

    /// Writes `text` as UTF-8 to the file, replacing one that is there; returns whether one was.
    /// A file that cannot be written is a ``CommandError`` naming the path, as typed.
    public func write(_ text: String) throws(CommandError) -> Bool {
        let url = URL(fileURLWithPath: expanded)
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder)
        if isFolder.boolValue {
            throw CommandError("'\(typed)' is a folder: name a file in it, such as '\(typed.hasSuffix("/") ? typed : typed + "/")\(suggestedName)'.")
        }
        do {
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw CommandError("Could not save '\(typed)': no such folder, or it cannot be written to. Name a file in a folder you can write to.")
        }
        return exists
    }
}
