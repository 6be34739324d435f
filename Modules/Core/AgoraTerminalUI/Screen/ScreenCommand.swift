import AgoraArchitecture

/// A command a screen understands, as `help` lists it.
public struct ScreenCommand: Sendable, Hashable {
    /// The word that runs it ("open").
    public let name: String
    /// Its arguments as shown in usage ("<row>"), empty when it takes none.
    public let arguments: String
    /// One line saying what it does.
    public let summary: String
    /// How many arguments it accepts.
    public let arity: ClosedRange<Int>
    /// Whether its arguments are secret (a password, a code): a line running it is never kept in
    /// history.
    public let hidesArguments: Bool

    /// A full example for `help <command>` ("open 3"); a command without arguments is its own.
    public let example: String?
    /// How the REPL reads its arguments from the line: words (the default), or the rest of the
    /// line verbatim for text a person writes, so `post I'll be there` needs no quoting.
    public let argumentStyle: ArgumentStyle

    /// - Parameters:
    ///   - name: what the user types.
    ///   - arguments: the arguments as `help` shows them (`<row>`).
    ///   - example: a whole command line, for `help`.
    ///   - summary: one sentence for `help`.
    ///   - arity: how many arguments it takes.
    ///   - hidesArguments: whether its arguments are secrets, never kept in the history.
    ///   - argumentStyle: `.restOfLine` for a command whose argument is free text (a comment): it
    ///     then takes one argument, the text as typed.
    public init(
        _ name: String, arguments: String = "", example: String? = nil, summary: String,
        arity: ClosedRange<Int>? = nil, hidesArguments: Bool = false, argumentStyle: ArgumentStyle = .words
    ) {
        self.name = name
        self.arguments = arguments
        self.example = example ?? (arguments.isEmpty ? name : nil)
        self.summary = summary
        self.arity = arity ?? (arguments.isEmpty ? 0...0 : 1...1)
        self.hidesArguments = hidesArguments
        self.argumentStyle = argumentStyle
    }

    /// "open <row>".
    public var usage: String { arguments.isEmpty ? name : "\(name) \(arguments)" }
}
