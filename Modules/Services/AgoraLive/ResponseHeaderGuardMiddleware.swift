import AgoraAPI
import AgoraContractCoding
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Refuses a response whose media-type headers the OpenAPI runtime cannot parse safely, before
/// the runtime reads them: ``ServiceError/undecodable(_:)`` naming the header, or
/// ``ServiceError/server(status:)`` for a 5xx.
///
/// The runtime traps on some of them: a server that answered
/// `Content-Type: application/json; chArset=utf-8; charset=utf-8` ended agora (a duplicate key in
/// `Converter.bestContentType`). As a middleware, the check guards every transport: the live
/// one, the fuzz target's and the tests'. See `MediaTypeHeaderCheck`.
struct ResponseHeaderGuardMiddleware: ClientMiddleware {
    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        if let refusal = MediaTypeHeaderCheck.firstRefusal(in: response.headerFields) {
            // A 5xx says what happened whatever its headers: the server failed, and a retry may
            // work. Anything else needed its body, which cannot be read safely.
            if response.status.code >= 500 { throw ServiceError.server(status: response.status.code) }
            // The reason may quote the header's text: one printable line of it.
            throw ServiceError.undecodable("its \(refusal.field) header: \(ServiceError.oneLine(refusal.reason))")
        }
        return (response, responseBody)
    }
}
