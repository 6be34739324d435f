import AgoraChildProcess
import AgoraContract
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Real HTTP to the server under test, through URLSession, every request bounded by a timeout.
struct APIClient: Sendable {
    /// The hang bound: the whole suite runs at once on two cores, beside a build of the
    /// scaffolder's copy, and a request that waits its turn there is not a server that does not
    /// answer.
    static let timeout = TimeInterval(Hang.bound.components.seconds)

    let baseURL: URL
    let session: URLSession
    /// How long a request may take, in seconds.
    let timeout: TimeInterval

    init(baseURL: URL, timeout: TimeInterval = APIClient.timeout) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        session = URLSession(configuration: configuration)
    }

    /// Sends `body` as it is (so a test can send what no client would), JSON by default.
    func send(
        _ method: String, _ path: String, body: String? = nil, token: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> APIResponse {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!, timeoutInterval: timeout)
        request.httpMethod = method
        if let body {
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await session.data(for: request)
        return APIResponse(response, data: data)
    }

    /// Posts `body` as a stream of unknown length, which URLSession sends chunked: the server
    /// cannot know its size before reading it.
    func postStreamed(_ path: String, _ body: String, token: String) async throws -> APIResponse {
        var request = URLRequest(url: URL(string: baseURL.absoluteString + path)!, timeoutInterval: timeout)
        request.httpMethod = "POST"
        request.httpBodyStream = InputStream(data: Data(body.utf8))
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await session.data(for: request)
        return APIResponse(response, data: data)
    }

    func get(_ path: String, token: String? = nil) async throws -> APIResponse {
        try await send("GET", path, token: token)
    }

    func post(_ path: String, _ body: String, token: String? = nil) async throws -> APIResponse {
        try await send("POST", path, body: body, token: token)
    }

    func put(_ path: String, _ body: String, token: String? = nil) async throws -> APIResponse {
        try await send("PUT", path, body: body, token: token)
    }

    func delete(_ path: String, token: String? = nil) async throws -> APIResponse {
        try await send("DELETE", path, token: token)
    }
}

/// A status, headers and a body, decoded on demand into the contract's types.
struct APIResponse: Sendable {
    let status: Int
    /// Header values by lowercased name.
    let headers: [String: String]
    let data: Data

    init(_ response: URLResponse, data: Data) {
        let http = response as? HTTPURLResponse
        status = http?.statusCode ?? 0
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in http?.allHeaderFields ?? [:] {
            headers[name.lowercased()] = value
        }
        self.headers = headers
        self.data = data
    }

    func decode<T: Decodable>(_ type: T.Type = T.self) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: data)
    }

    /// The `ErrorBody` every refusal carries.
    var error: Components.Schemas.ErrorBody {
        get throws { try decode() }
    }

    var text: String { String(decoding: data, as: UTF8.self) }
}
