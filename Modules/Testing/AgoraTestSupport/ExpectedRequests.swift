import AgoraAPI
import Testing

/// The requests a test double may be asked, as the test declared them when it made the double.
/// A request outside them fails the test there, naming the double, the call and what to
/// declare, so a stray request (a list screen asking for an event, Alice's feed asked for after
/// Bob logged in) never passes unnoticed. The double then answers as a server that does not know
/// the request would (501), so the code under test goes on.
///
///     init(expecting expected: Set<Request>, sourceLocation: SourceLocation = #_sourceLocation) {
///         self.expected = ExpectedRequests(expected, of: "EventsFetcherSpy", sourceLocation: sourceLocation)
///     }
///
///     func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
///         try expected.check(.event, "fetchEvent(id:viewer:)")
///         …
public struct ExpectedRequests<Request: Hashable & Sendable>: Sendable {
    /// What the test expects the double to be asked.
    public let requests: Set<Request>
    private let double: String
    private let sourceLocation: SourceLocation

    /// - Parameters:
    ///   - requests: what the double answers; any other request fails the test.
    ///   - double: the double's name, for the failure's message.
    ///   - sourceLocation: where the test made the double: the failure is recorded there.
    public init(_ requests: Set<Request>, of double: String, sourceLocation: SourceLocation) {
        self.requests = requests
        self.double = double
        self.sourceLocation = sourceLocation
    }

    /// Whether the test expects `request`, made through `call`; when it does not, the test fails.
    @discardableResult
    public func allows(_ request: Request, _ call: String) -> Bool {
        guard requests.contains(request) else {
            Issue.record(
                "\(double).\(call): this test does not expect \(request); add it to expecting: if it should",
                sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Throws 501 unless the test expects `request` (and then the test has failed, above).
    public func check(_ request: Request, _ call: String) throws(ServiceError) {
        guard allows(request, call) else { throw .server(status: 501) }
    }
}
