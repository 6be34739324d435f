import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    @concurrent
    public func fetchActivities(_ request: ActivitiesRequest, token: AccessToken) async throws(ServiceError) -> Page<Activity> {
        let limit = Int32(clamping: request.limit)
        let output = try await send(as: token) { client in
            try await client.listActivities(query: .init(cursor: request.cursor, limit: limit))
        }
        switch output {
        case .ok(let ok):
            let page = try decoded { try ok.body.json }
            return try Page(wire: page.items, nextCursor: page.nextCursor, limit: limit, Activity.init)
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }
}
