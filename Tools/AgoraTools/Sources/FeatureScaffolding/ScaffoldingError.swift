/// Why the scaffolder refused: one line saying what was wrong and what would be right. Nothing
/// was written when it is thrown.
public struct ScaffoldingError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
