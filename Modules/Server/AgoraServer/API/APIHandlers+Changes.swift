import AgoraContract
import AgoraHTTPServing
import Foundation
import OpenAPIRuntime

extension APIHandlers {
    /// The routes that answer with a stream of changes, as the contract writes them.
    static let changeStreamTemplates: Set<String> = ["/v1/events/{eventID}/changes", "/v1/me/changes"]

    func followEventChanges(_ input: Operations.FollowEventChanges.Input) async throws -> Operations.FollowEventChanges.Output {
        let eventID = input.path.eventID
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        guard try await store.event(id: eventID, viewerID: nil) != nil else { throw APIError.notFound("There is no event \(eventID).") }
        let body = try await stream { sink in
            try await changes.follow(
                .event(eventID), after: lastID, address: ClientAddress.current ?? "unknown", isBounded: !ClientAddress.isTrustedProxy, into: sink)
        }
        return .ok(.init(body: .textEventStream(body)))
    }

    func followMyChanges(_ input: Operations.FollowMyChanges.Input) async throws -> Operations.FollowMyChanges.Output {
        let signedIn = try RequestCredentials.required()
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        // The session as the store has it now, for its expiry: the stream ends with it.
        let digest = TokenDigest.of(signedIn.token)
        guard let session = try await store.session(tokenDigest: digest) else { throw APIError.unauthorized }
        _ = try session.user(at: now())
        let followed = FollowedSession(tokenDigest: digest, expiresAt: Date(unixSeconds: session.expiresAt))
        let body = try await stream { sink in
            try await changes.follow(
                .member(signedIn.user.id), after: lastID, address: ClientAddress.current ?? "unknown", isBounded: !ClientAddress.isTrustedProxy,
                session: followed, into: sink)
        }
        return .ok(.init(body: .textEventStream(body)))
    }

    /// The response body of a stream that `follow` starts in the sink it is given.
    ///
    /// A request the server answers from the event loop (``EventStreamWriter/current``) is
    /// written there, and its body here is empty and never read. Any other is written by the
    /// framework, from a stream the body iterates: a client that goes ends the iteration, which
    /// ends the stream in the feed. Either holds at most ``ChangeFeed/maximumPendingEvents``
    /// for a client that reads slowly.
    private func stream(_ follow: (any ChangeSink) async throws -> Void) async throws -> HTTPBody {
        if let writer = EventStreamWriter.current {
            try await follow(writer)
            writer.claim()
            return HTTPBody()
        }
        let (events, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(changes.maximumPendingEvents))
        try await follow(continuation)
        return HTTPBody(events.map { ArraySlice($0.utf8) }, length: .unknown, iterationBehavior: .single)
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
