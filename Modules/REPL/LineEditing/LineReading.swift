/// One result of asking a `LineReading` for input.
public enum LineInput: Sendable, Equatable {
    /// A line, without its trailing newline.
    case line(String)
    /// End of input (EOF on a pipe, Ctrl-D on an empty terminal line).
    case endOfInput
    /// The user pressed Ctrl-C: what they typed is discarded (terminal readers only).
    case interrupted
}

/// Something that reads lines, one prompt at a time.
public protocol LineReading: AnyObject, Sendable {
    /// Reads one line. Blocking I/O happens off the Swift concurrency pool.
    func readLine(prompt: String) async -> LineInput
}

/// What the user is completing when they press TAB.
public struct CompletionRequest: Sendable, Equatable {
    /// The whole edit buffer.
    public let line: String
    /// The word under completion (the text after the last word break
    /// before the cursor).
    public let word: String
    /// Offset of `word` within `line`, in `Character`s.
    public let wordStart: Int

    public init(line: String, word: String, wordStart: Int) {
        self.line = line
        self.word = word
        self.wordStart = wordStart
    }
}

/// Returns the candidates for a completion; the reader keeps the ones that
/// start with `request.word`. Called on the reader's libedit thread.
public typealias CompletionProvider = @Sendable (CompletionRequest) -> [String]
