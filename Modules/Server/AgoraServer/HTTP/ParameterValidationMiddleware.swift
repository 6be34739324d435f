import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Checks path ids and the `limit` query item before the generated code decodes them, so a
/// bad one is a 400 naming its parameter rather than a decoding error that names nothing.
///
/// The contract's rules: every path parameter is an id, an integer ≥ 1; `limit` is 1...100.
/// Cursors are checked by the handler that issued them, which knows their kind.
struct ParameterValidationMiddleware: ServerMiddleware {
    static let limits = 1...100

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        for (name, value) in metadata.pathParameters {
            guard let id = Int64(value), id >= 1 else {
                throw APIError.invalidField(name, "Expected an id (an integer ≥ 1), got '\(value.prefix(40))'.")
            }
        }
        if let limit = Self.queryItems(of: request).first(where: { $0.name == "limit" }) {
            guard let value = limit.value.flatMap({ Int($0) }), Self.limits.contains(value) else {
                throw APIError.invalidField("limit", "Expected an integer in 1...100, got '\((limit.value ?? "").prefix(40))'.")
            }
        }
        return try await next(request, body, metadata)
    }

    private static func queryItems(of request: HTTPRequest) -> [URLQueryItem] {
        guard let path = request.path else { return [] }
        return URLComponents(string: path)?.queryItems ?? []
    }
}
