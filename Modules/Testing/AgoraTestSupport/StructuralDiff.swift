import CustomDump
import Testing

/// Failure messages that show what differs between two values, field by field (swift-custom-dump):
/// for a list of rows, the one row and field that changed, where `#expect(a == b)` prints both
/// values whole on one line each.
public enum StructuralDiff {
    /// Records an issue with the diff of `actual` against `expected` when they differ.
    ///
    ///     − expected   + actual
    ///       [
    ///         [0]: EventRow(
    ///     −     title: "Swift on Linux",
    ///     +     title: "Swift on Linux (moved)",
    ///
    /// - Parameter what: what is compared, for the message ("recorded values").
    public static func expectEqual<Value: Equatable>(
        _ actual: Value, _ expected: Value, _ what: String, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard actual != expected else { return }
        let difference = diff(expected, actual, format: .proportional) ?? "(no printable difference)"
        let note = comment.map { "\($0.rawValue)\n" } ?? ""
        Issue.record("\(note)The \(what) differ from what was expected (− expected, + actual):\n\(difference)", sourceLocation: sourceLocation)
    }

    /// The diff text alone, `nil` when the values print the same.
    public static func text<Value>(_ actual: Value, _ expected: Value) -> String? {
        diff(expected, actual, format: .proportional)
    }
}
