/// A type an input's argument can be read as from text (an explorer sending `willDisplayRow 19 20`):
/// each parameter of a declared input (``InputDescriptor``) is one. Its type is sendable
/// (`SendableMetatype`): a parameter keeps it in a closure that reads arguments on any actor.
public protocol InputArgument: SendableMetatype {
    /// What a valid argument is, for the error about an invalid one: "an Int (whole number)".
    static var expectation: String { get }
    /// The value `text` stands for; `nil` when it stands for none.
    init?(inputArgument text: String)
    /// Whether the argument is a secret (``SecretText``): a line sending it is never kept in
    /// history, nor shown back.
    static var isSecret: Bool { get }
    /// The type's name as a reader of the inputs knows it (`Int`, `CommentRow.ID`); its Swift
    /// name by default, which for a nested type is the last part only.
    static var typeName: String { get }
}

extension InputArgument {
    public static var isSecret: Bool { false }
    public static var typeName: String { String(describing: Self.self) }
}

/// Text that is a secret (a password, a two-factor code), as an input's argument: read like a
/// `String`, but `send` neither keeps the line in history nor shows the text back.
public struct SecretText: InputArgument, Sendable {
    /// The text as typed.
    public let text: String

    public static var expectation: String { "a secret text" }
    public static var isSecret: Bool { true }

    public init?(inputArgument text: String) { self.text = text }
}

extension Int: InputArgument {
    public static var expectation: String { "an Int (whole number)" }
    public init?(inputArgument text: String) { self.init(text) }
}

extension Double: InputArgument {
    public static var expectation: String { "a Double (number)" }
    public init?(inputArgument text: String) {
        // Only finite numbers: `nan` or `inf` is never what someone driving a screen means.
        guard let value = Double(text), value.isFinite else { return nil }
        self = value
    }
}

extension Bool: InputArgument {
    public static var expectation: String { "a Bool (true or false)" }
    public init?(inputArgument text: String) {
        switch text.lowercased() {
        case "true", "yes": self = true
        case "false", "no": self = false
        default: return nil
        }
    }
}

extension String: InputArgument {
    public static var expectation: String { "a String (text)" }
    public init?(inputArgument text: String) { self = text }
}
