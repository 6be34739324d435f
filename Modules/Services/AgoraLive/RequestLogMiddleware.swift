import AgoraAPI
import Foundation
import HTTPTypes
import Logging
import OpenAPIRuntime

/// Logs one line per request at `debug` level: method, path, status (or the failure) and how
/// long it took — `GET /v1/events 200 12 ms`.
///
/// The only way to see what the live client asks of the server short of a proxy. It never logs a
/// header (the `Authorization` token) nor a body (a login's password), and no query either (a
/// cursor comes from the server): the path is built from the app's own values.
struct RequestLogMiddleware: ClientMiddleware {
    let logger: Logger

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let started = ContinuousClock.now
        let line = "\(request.method.rawValue) \(Self.path(of: request))"
        do {
            let (response, responseBody) = try await next(request, body, baseURL)
            logger.debug("\(line) \(response.status.code) \(Self.milliseconds(since: started)) ms")
            return (response, responseBody)
        } catch {
            logger.debug("\(line) failed after \(Self.milliseconds(since: started)) ms: \(ServiceError.transport(error).description)")
            throw error
        }
    }

    /// The request's path without its query, as one printable line.
    static func path(of request: HTTPRequest) -> String {
        let path = request.path ?? "/"
        return ServiceError.oneLine(String(path.prefix { $0 != "?" }))
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Int {
        let elapsed = ContinuousClock.now - start
        return Int(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
    }
}
