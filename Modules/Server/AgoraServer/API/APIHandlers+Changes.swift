import AgoraContract
import Foundation
import OpenAPIRuntime

extension APIHandlers {
    func followEventChanges(_ input: Operations.FollowEventChanges.Input) async throws -> Operations.FollowEventChanges.Output {
        let eventID = input.path.eventID
        let lastID = try Self.lastEventID(input.headers.lastEventID)
        guard try await store.event(id: eventID, viewerID: nil) != nil else { throw APIError.notFound("There is no event \(eventID).") }
        let events = try await changes.follow(eventID: eventID, after: lastID, address: ClientAddress.current ?? "unknown")
        // The feed writes each event and heartbeat; a client that goes ends the iteration,
        // which ends the stream in the feed.
        let body = HTTPBody(events.map { ArraySlice($0.utf8) }, length: .unknown, iterationBehavior: .single)
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
