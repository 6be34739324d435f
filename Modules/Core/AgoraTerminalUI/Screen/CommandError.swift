/// A command that cannot run as typed, with a one-line message naming what was wrong and what
/// would be right ("expected a row number from 1 to 20, got '0'").
public struct CommandError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

extension CommandError {
    /// Parses a 1-based row number among `count` rows shown on screen.
    public static func row(_ text: String, of count: Int) throws(CommandError) -> Int {
        guard count > 0 else { throw CommandError("There are no rows to choose from yet.") }
        guard let row = Int(text), (1...count).contains(row) else {
            throw CommandError("Expected a row number from 1 to \(count), got '\(text.prefix(40))'.")
        }
        return row
    }
}
