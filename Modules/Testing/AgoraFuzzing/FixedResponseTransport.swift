import Foundation
import HTTPTypes
import OpenAPIRuntime

/// A transport that answers every request with the same response and opens no socket: a server
/// that says exactly what the fuzzer chose.
struct FixedResponseTransport: ClientTransport {
    let response: FuzzedResponse

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var head = HTTPResponse(status: .init(code: response.status))
        if let contentType = response.contentType {
            head.headerFields[.contentType] = contentType
        }
        return (head, response.body.map { HTTPBody($0) })
    }
}
