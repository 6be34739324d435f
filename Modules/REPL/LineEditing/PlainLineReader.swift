import Dispatch

/// Plain reader for pipes and files: Swift's `readLine()`, no prompt echo.
///
/// (libedit reads one byte per system call when stdin is not a terminal,
/// so non-interactive input deliberately bypasses it.)
public final class PlainLineReader: LineReading {
    /// Serialises the blocking reads of every PlainLineReader (they all
    /// share stdin) and keeps them off the cooperative thread pool.
    private static let queue = DispatchQueue(label: "LineEditing.PlainLineReader")

    public init() {}

    public func readLine(prompt: String) async -> LineInput {
        await withCheckedContinuation { continuation in
            Self.queue.async {
                if let line = Swift.readLine(strippingNewline: true) {
                    continuation.resume(returning: .line(line))
                } else {
                    continuation.resume(returning: .endOfInput)
                }
            }
        }
    }
}
