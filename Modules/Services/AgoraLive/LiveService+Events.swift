import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    public func fetchEvents(_ request: EventsRequest) async throws(ServiceError) -> Page<Event> {
        let output = try await send { client in
            try await client.listEvents(query: .init(cursor: request.cursor, limit: Int32(clamping: request.limit)))
        }
        switch output {
        case .ok(let ok):
            let page = try decoded { try ok.body.json }
            return Page(items: page.items.map(Event.init), nextCursor: page.nextCursor)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    public func fetchEvent(id: Event.ID, viewer: AccessToken?) async throws(ServiceError) -> Event {
        let output = try await send(as: viewer) { client in
            try await client.getEvent(path: .init(eventID: Int64(id)))
        }
        switch output {
        case .ok(let ok): return Event(try decoded { try ok.body.json })
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notFound: throw .notFound("event \(id)")
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

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
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }
}
