import AgoraHTTPServing
import HTTPTypes
import Hummingbird
import Testing

/// A connection's task keeps the memory its deepest call needed until the connection ends, so
/// the responder finds each response in a task that ends with it.
@Suite("Request task responder: each response found in a task of its own")
struct RequestTaskResponderTests {
    /// The task running the caller, or the base responder, told apart by identity.
    static func currentTask() -> Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }

    static let request = Request(
        head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/v1/events"), body: RequestBody(buffer: ByteBuffer()))

    @Test("given a responder, when it answers, then its base ran in another task and its response is the base's")
    func answersInAChildTask() async throws {
        let responder = RequestTaskResponder(
            CallbackResponder<Void> { request, _ in
                // The base says which task it ran in.
                Response(status: .accepted, headers: [.location: request.uri.path, .via: Self.currentTask().map(String.init) ?? "none"])
            })
        let response = try await responder.respond(to: Self.request, context: ())
        #expect(response.status == .accepted)
        #expect(response.headers[.location] == "/v1/events")
        let callerTask = try #require(Self.currentTask())
        let baseTask = try #require(response.headers[.via].flatMap { Int($0) })
        #expect(baseTask != callerTask)
    }

    @Test("given a base that throws, when the responder answers, then the caller gets the base's error")
    func passesErrorsOn() async {
        let responder = RequestTaskResponder(CallbackResponder<Void> { _, _ in throw HTTPError(.forbidden) })
        await #expect(throws: HTTPError.self) { try await responder.respond(to: Self.request, context: ()) }
    }

    @Test("given a connection that goes while its response is being found, when its task is cancelled, then the base sees it")
    func cancellationReachesTheBase() async {
        let responder = RequestTaskResponder(
            CallbackResponder<Void> { _, _ in
                try await Task.sleep(for: .seconds(60))
                return Response(status: .ok)
            })
        let answering = Task { try await responder.respond(to: Self.request, context: ()) }
        answering.cancel()
        await #expect(throws: CancellationError.self) { try await answering.value }
    }
}
