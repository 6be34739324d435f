import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization

/// A transport that answers every request with what the test scripted, and records the requests:
/// a server that misbehaves exactly as a test needs, with no socket.
final class ScriptedTransport: ClientTransport, Sendable {
    typealias Answer = @Sendable (HTTPRequest) throws -> (HTTPResponse, HTTPBody?)

    private let answer: Answer
    private let recorded = Mutex<[HTTPRequest]>([])

    init(answer: @escaping Answer) {
        self.answer = answer
    }

    /// Answers `status` with a JSON body.
    convenience init(status: Int, json: String, contentType: String = "application/json") {
        self.init { _ in
            var response = HTTPResponse(status: .init(code: status))
            response.headerFields[.contentType] = contentType
            return (response, HTTPBody(json))
        }
    }

    /// Fails every request the way URLSession would.
    convenience init(failing code: URLError.Code) {
        self.init { _ in throw URLError(code) }
    }

    var requests: [HTTPRequest] { recorded.withLock { $0 } }

    func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        recorded.withLock { $0.append(request) }
        return try answer(request)
    }
}
