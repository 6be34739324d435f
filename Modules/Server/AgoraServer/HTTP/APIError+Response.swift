import AgoraContract
import Foundation
import Hummingbird

extension APIError {
    /// The error as the contract's `ErrorBody` in a JSON response.
    func response() -> Response {
        let body = Components.Schemas.ErrorBody(code: code, message: message, field: field)
        // Encoding three strings cannot fail; an empty body would still carry the status.
        let data = (try? JSONEncoder().encode(body)) ?? Data()
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(
            status: status,
            headers: headers,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
