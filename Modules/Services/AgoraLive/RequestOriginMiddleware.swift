import HTTPTypes
import OpenAPIRuntime

import struct Foundation.URL

/// Adds what ``RequestOrigin`` holds: `X-Forwarded-For` on every request, `Agora-Device` on the
/// two login requests (a password, a two-factor code), which the contract declares it on, and
/// on nothing else, so the device's id goes no further than the check that needs it.
struct RequestOriginMiddleware: ClientMiddleware {
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let device = HTTPField.Name("Agora-Device")!
    /// The operations of the contract that log in.
    static let loginOperations: Set<String> = ["createSession", "verifyTwoFactor"]

    let origin: RequestOrigin

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        baseURL: URL,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        if let address = origin.forwardedAddress {
            request.headerFields[Self.forwardedFor] = address
        }
        if Self.loginOperations.contains(operationID), let device = origin.deviceID {
            request.headerFields[Self.device] = device
        }
        return try await next(request, body, baseURL)
    }
}
