import AgoraPrivateFiles
import CEditLine
import Dispatch
import Foundation
import Synchronization

/// libedit-backed reader for terminals: line editing, history, TAB completion.
///
/// libedit keeps its state (history, completion hook, terminal) in
/// process-wide globals, so at most one `EditLineReader` may be alive at a
/// time; creating a second one while another exists is a precondition
/// failure. A new reader (after the previous one was deinitialised) starts
/// from its own history file.
///
/// Every libedit call runs on one serial dispatch queue, so the blocking
/// `readline()` never occupies a thread of the Swift concurrency pool and
/// libedit is never entered concurrently. ``interruptRead()`` ends a pending
/// `readLine` or `readSecret` (Ctrl-C at the prompt) with `.interrupted`.
public final class EditLineReader: LineReading {
    private let historyFile: URL?
    private let historyLimit: Int

    public init(historyFile: URL?, historyLimit: Int = 1000) {
        precondition(historyLimit > 0, "historyLimit must be positive")
        let claimed = EditLineBackend.readerAlive.withLock { alive in
            defer { alive = true }
            return !alive
        }
        precondition(claimed, "Only one EditLineReader may exist at a time: libedit state is process-global")
        self.historyFile = historyFile
        self.historyLimit = historyLimit
        let name = ProcessInfo.processInfo.processName
        let path = historyFile?.path
        EditLineBackend.queue.sync {
            ceditline_initialize(name)
            ceditline_set_completion_function(completionHook)
            EditLineBackend.loadHistory(path: path, limit: historyLimit)
        }
    }

    deinit {
        completionRegistry.withLock { $0 = nil }
        EditLineBackend.readerAlive.withLock { $0 = false }
    }

    public func readLine(prompt: String) async -> LineInput {
        await EditLineBackend.interruptibleRead { interrupted in ceditline_readline(prompt, interrupted) }
    }

    /// Reads a secret (a password, a code) from the terminal with echo off, after showing
    /// `prompt`; the terminal's settings are restored before this returns. Never in history.
    public func readSecret(prompt: String) async -> LineInput {
        await EditLineBackend.interruptibleRead { interrupted in ceditline_read_secret(prompt, interrupted) }
    }

    /// Ends a pending ``readLine(prompt:)`` or ``readSecret(prompt:)`` with `.interrupted`,
    /// discarding what was typed. Callable from any thread.
    ///
    /// - Returns: whether a read was pending; when not, the interruption is for someone else
    ///   (the command that is running).
    @discardableResult
    public func interruptRead() -> Bool {
        EditLineBackend.reading.withLock { reading in
            if reading { ceditline_interrupt_read() }
            return reading
        }
    }

    /// Shows `line` above the line being typed, which stays as it was, drawn again below it;
    /// while no line is read (a command runs), it comes before the next prompt. `line` must be
    /// one line of text safe for the terminal. Callable from any thread.
    public func showNotice(_ line: String) {
        ceditline_post_notice(line)
    }

    /// Candidates for TAB. The reader keeps those starting with the word
    /// being completed and formats them for libedit. May be replaced before
    /// each prompt; the provider is called on the reader's libedit thread.
    public func setCompletionProvider(_ provider: @escaping CompletionProvider) {
        completionRegistry.withLock { $0 = provider }
    }

    /// Adds `line` (trimmed) to the history and saves the history file.
    /// Empty lines are ignored; an earlier identical entry is removed first,
    /// so the history holds each line once, at its most recent position.
    /// The file (and missing parent directories) are created private
    /// (0600 / 0700). Saving is best effort: I/O errors are ignored.
    ///
    /// Call it between prompts: while a `readLine` is pending this waits
    /// for it, since libedit cannot be entered concurrently.
    public func addHistory(_ line: String) {
        let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !entry.isEmpty else {
            return
        }
        let path = historyFile?.path
        let limit = historyLimit
        EditLineBackend.queue.sync {
            EditLineBackend.record(entry, path: path, limit: limit)
        }
    }

    /// The history, oldest first (what up-arrow walks through).
    public var history: [String] {
        EditLineBackend.queue.sync { EditLineBackend.entries() }
    }
}

/// Process-wide libedit state. Everything except `readerAlive` is touched
/// only on `queue`.
enum EditLineBackend {
    static let queue = DispatchQueue(label: "LineEditing.EditLineReader")
    static let readerAlive = Mutex(false)
    /// Whether a read is pending on `queue`; `interruptRead` wakes it only then, so no wake-up
    /// is left over for the next read.
    static let reading = Mutex(false)

    /// Runs `read` (a CEditLine read taking an `interrupted` out-parameter) on `queue`.
    static func interruptibleRead(
        _ read: @escaping @Sendable (UnsafeMutablePointer<Int32>) -> UnsafeMutablePointer<CChar>?
    ) async -> LineInput {
        await withCheckedContinuation { continuation in
            queue.async {
                reading.withLock { $0 = true }
                var interrupted: Int32 = 0
                let raw = read(&interrupted)
                reading.withLock { $0 = false }
                // A wake-up that came after the line was complete is not for the next read.
                ceditline_interrupt_discard()
                guard let raw else {
                    continuation.resume(returning: interrupted != 0 ? .interrupted : .endOfInput)
                    return
                }
                let line = String(cString: raw)
                ceditline_free(raw)
                continuation.resume(returning: .line(line))
            }
        }
    }

    /// Replaces libedit's history with the file's contents, deduplicated.
    static func loadHistory(path: String?, limit: Int) {
        ceditline_history_clear()
        ceditline_history_set_limit(Int32(clamping: limit))
        guard let path, FileManager.default.fileExists(atPath: path) else {
            return
        }
        _ = ceditline_history_read(path)
        let loaded = entries()
        let cleaned = deduplicated(loaded, limit: limit)
        if cleaned != loaded {
            replaceHistory(with: cleaned)
        }
    }

    static func record(_ entry: String, path: String?, limit: Int) {
        var updated = entries()
        updated.removeAll { $0 == entry }
        updated.append(entry)
        if updated.count > limit {
            updated.removeFirst(updated.count - limit)
        }
        replaceHistory(with: updated)
        if let path {
            save(to: path)
        }
    }

    static func entries() -> [String] {
        (0..<Int(ceditline_history_count())).compactMap { index in
            ceditline_history_entry(Int32(index)).map { String(cString: $0) }
        }
    }

    /// Keeps the last occurrence of each entry and at most `limit` entries.
    static func deduplicated(_ entries: [String], limit: Int) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for entry in entries.reversed() where !entry.isEmpty && seen.insert(entry).inserted {
            result.append(entry)
        }
        return Array(result.prefix(limit).reversed())
    }

    private static func replaceHistory(with entries: [String]) {
        ceditline_history_clear()
        for entry in entries {
            ceditline_history_add(entry)
        }
    }

    private static func save(to path: String) {
        // Created 0600 (in a 0700 folder) up front: write_history fopen()s it with the umask's
        // mode and only fchmod()s it to 0600 afterwards. A history that cannot be kept private
        // is not written.
        guard (try? PrivateFile.prepareFile(path)) != nil else { return }
        _ = ceditline_history_write(path)
    }
}
