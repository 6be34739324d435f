import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    @concurrent
    public func fetchEvents(_ request: EventsRequest, viewer: AccessToken?) async throws(ServiceError) -> Page<Event> {
        // The viewer is part of the key: each event's `isGoing` is theirs.
        let key = "\(request.cursor ?? "")|\(request.limit)|\(request.onlyGoing)|\(viewer?.rawValue ?? "")"
        let kept = eventsPages.answer(for: key)
        let limit = Int32(clamping: request.limit)
        let output = try await send(as: viewer) { client in
            try await client.listEvents(
                query: .init(cursor: request.cursor, limit: limit, going: request.onlyGoing ? true : nil),
                headers: .init(ifNoneMatch: kept?.etag)
            )
        }
        switch output {
        case .ok(let ok):
            let body = try decoded { try ok.body.json }
            let page = try Page(wire: body.items, nextCursor: body.nextCursor, limit: limit, Event.init)
            eventsPages.remember(page, etag: ok.headers.eTag, for: key)
            return page
        case .notModified: return try unchanged(kept)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        // The viewer is part of the key: `isGoing` is theirs.
        let key = "\(id)|\(viewer?.rawValue ?? "")"
        let kept = events.answer(for: key)
        let output = try await send(as: viewer) { client in
            try await client.getEvent(path: .init(eventID: Int64(id)), headers: .init(ifNoneMatch: kept?.etag))
        }
        switch output {
        case .ok(let ok):
            let event = Event(try decoded { try ok.body.json })
            events.remember(event, etag: ok.headers.eTag, for: key)
            return event
        case .notModified: return try unchanged(kept)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notFound: throw .notFound("event \(id)")
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func rsvp(eventID: Event.ID, going: Bool, token: AccessToken) async throws(ServiceError) -> Event {
        let output = try await send(as: token) { client in
            try await client.setRSVP(path: .init(eventID: Int64(eventID)), body: .json(.init(going: going)))
        }
        switch output {
        case .ok(let ok): return Event(try decoded { try ok.body.json })
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notFound: throw .notFound("event \(eventID)")
        case .contentTooLarge(let response): throw .tooLarge(try decoded { try response.body.json })
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .requestTimeout: throw .timeout
        case .unsupportedMediaType(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }
}
