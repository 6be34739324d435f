import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        let output = try await send(as: token) { client in
            try await client.listActivities(query: .init(cursor: request.cursor, limit: Int32(clamping: request.limit)))
        }
        switch output {
        case .ok(let ok):
            let page = try decoded { try ok.body.json }
            return Page(items: page.items.map(Activity.init), nextCursor: page.nextCursor)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }
}
