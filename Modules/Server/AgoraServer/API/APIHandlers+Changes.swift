import AgoraContract
import Foundation
import OpenAPIRuntime

extension APIHandlers {
    func followEventChanges(_ input: Operations.FollowEventChanges.Input) async throws -> Operations.FollowEventChanges.Output {
        let eventID = input.path.eventID
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        guard try await store.event(id: eventID, viewerID: nil) != nil else { throw APIError.notFound("There is no event \(eventID).") }
        let events = try await changes.follow(
            .event(eventID), after: lastID, address: ClientAddress.current ?? "unknown", isBounded: !ClientAddress.isTrustedProxy)
        return .ok(.init(body: .textEventStream(Self.body(of: events))))
    }

    func followMyChanges(_ input: Operations.FollowMyChanges.Input) async throws -> Operations.FollowMyChanges.Output {
        let signedIn = try RequestCredentials.required()
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        // The session as the store has it now, for its expiry: the stream ends with it.
        let digest = TokenDigest.of(signedIn.token)
        guard let session = try await store.session(tokenDigest: digest) else { throw APIError.unauthorized }
        _ = try session.user(at: now())
        let events = try await changes.follow(
            .member(signedIn.user.id), after: lastID, address: ClientAddress.current ?? "unknown", isBounded: !ClientAddress.isTrustedProxy,
            session: FollowedSession(tokenDigest: digest, expiresAt: Date(unixSeconds: session.expiresAt)))
        return .ok(.init(body: .textEventStream(Self.body(of: events))))
    }

    /// The response body of a stream: the feed writes each event and heartbeat; a client that
    /// goes ends the iteration, which ends the stream in the feed.
    private static func body(of events: AsyncStream<String>) -> HTTPBody {
        HTTPBody(events.map { ArraySlice($0.utf8) }, length: .unknown, iterationBehavior: .single)
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
