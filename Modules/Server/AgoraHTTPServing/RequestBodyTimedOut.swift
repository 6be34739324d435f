/// A request body stopped arriving, or took too long in all: what ``BodyDeadlineHandler``
/// raises in the channel, and what reading the body then throws, so the server can answer 408
/// before the connection's idle timeout closes it without a word.
public struct RequestBodyTimedOut: Error, Sendable, Equatable {
    /// How long the body was waited for: since its last byte when it stalled, since the request's
    /// head otherwise.
    public let waited: Duration
    /// Whether nothing arrived for ``waited`` (`true`), or the body as a whole took that long.
    public let stalled: Bool
}
