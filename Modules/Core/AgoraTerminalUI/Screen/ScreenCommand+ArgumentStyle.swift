extension ScreenCommand {
    /// How a command line becomes a command's arguments.
    ///
    /// Most commands take words (a row number, a link, an email address), which a shell-like
    /// reading suits. Text a person writes is different: an apostrophe, a backslash or two spaces
    /// in it are meant, and quoting them would be a trap. Such a command declares
    /// ``restOfLine``, and every way of running it — the prompt, a pipe, a script — keeps the text
    /// as typed.
    public enum ArgumentStyle: Sendable, Hashable {
        /// Words split as a shell splits them: spaces separate, quotes group, a backslash
        /// escapes, an unquoted `#` starting a word begins a comment.
        case words
        /// Everything after the command word and the one space that follows it, verbatim, as a
        /// single argument (none when only spaces follow).
        case restOfLine
    }
}
