import AgoraContract
import Foundation
import OpenAPIRuntime

extension APIHandlers {
    func followEventChanges(_ input: Operations.FollowEventChanges.Input) async throws -> Operations.FollowEventChanges.Output {
        let eventID = input.path.eventID
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        guard try await store.event(id: eventID, viewerID: nil) != nil else { throw APIError.notFound("There is no event \(eventID).") }
        let (events, number) = try await changes.follow(eventID: eventID, after: lastID, address: ClientAddress.current ?? "unknown")
        let body = ServerSentEvents.body(opening: ": following event \(eventID)\n\n", events, heartbeat: heartbeat) { [changes] in
            Task { await changes.end(number) }
        }
        return .ok(.init(body: .textEventStream(body)))
    }

    /// The id in `Last-Event-ID`: digits, as the stream writes them; 400 for anything else.
    private static func lastEventID(_ text: String?) throws(APIError) -> Int64? {
        guard let text else { return nil }
        guard !text.isEmpty, text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(text) else {
            throw APIError.invalidField(
                "Last-Event-ID", "Last-Event-ID '\(text.prefix(20))' is not an id this stream sent; send the digits of the last `id:` received.")
        }
        return id
    }
}

/// A stream of server-sent events as a response body. A quiet stream writes a comment line
/// every heartbeat, so its client, any proxy between, and the server (whose write fails once
/// the client went) know whether it is still there.
enum ServerSentEvents {
    /// `opening`, then each of `events` as it comes, with a comment line every `heartbeat`
    /// while nothing else is written; `ended` is called once when the body ends, whichever side
    /// ended it.
    static func body(
        opening: String, _ events: AsyncStream<String>, heartbeat: Duration, ended: @escaping @Sendable () -> Void
    ) -> HTTPBody {
        let (bytes, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield(ArraySlice(opening.utf8))
        let forward = Task {
            for await event in events { continuation.yield(ArraySlice(event.utf8)) }
            continuation.finish()
        }
        let beat = Task {
            while (try? await Task.sleep(for: heartbeat)) != nil {
                continuation.yield(ArraySlice(": heartbeat\n\n".utf8))
            }
        }
        continuation.onTermination = { _ in
            forward.cancel()
            beat.cancel()
            ended()
        }
        return HTTPBody(bytes, length: .unknown, iterationBehavior: .single)
    }
}
