import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads agora-server's state over plain HTTP, to check what the REPL did from the outside.
struct ServerQuery {
    let baseURL: String

    /// The bodies of the newest `limit` comments of an event, newest first.
    func commentBodies(eventID: Int, limit: Int = 100) async throws -> [String] {
        let url = URL(string: "\(baseURL)/v1/events/\(eventID)/comments?limit=\(limit)")!
        let (data, response) = try await URLSession.shared.data(from: url)
        guard (response as? HTTPURLResponse)?.statusCode == 200,
            let page = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let items = page["items"] as? [[String: Any]]
        else { throw QueryError(url: url) }
        return items.compactMap { $0["body"] as? String }
    }

    struct QueryError: Error { let url: URL }
}
