import AgoraAPI
import Foundation
import OpenAPIRuntime

extension ServiceError {
    /// What a request that threw instead of answering means for a screen: the server could not
    /// be reached, did not answer in time, or sent something that does not decode.
    ///
    /// The generated client wraps every failure in `ClientError`; its `underlyingError` is the
    /// transport's error (a `URLError` from a URLSession transport), the decoder's `DecodingError`, or the ``ServiceError`` that
    /// ``LiveTransport`` or a middleware already chose (a deadline, a reply too large, a redirect).
    static func transport(_ error: any Error) -> ServiceError {
        let underlying = (error as? ClientError)?.underlyingError ?? error
        if let error = underlying as? ServiceError { return error }
        // A request whose task was cancelled never got its answer.
        if underlying is CancellationError { return .offline }
        if let urlError = underlying as? URLError {
            switch urlError.code {
            case .timedOut: return .timeout
            case .cancelled: return .offline
            // A connection closed before any answer: libcurl's "empty reply", which Foundation
            // on Linux reports as badServerResponse (Darwin says networkConnectionLost). Nothing
            // was sent to read, so "a response Agora cannot read" misled: it is a lost connection,
            // like one cut in the middle of an answer.
            case .badServerResponse: return .offline
            case .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData:
                return .undecodable("a malformed HTTP response")
            default: return .offline
            }
        }
        if underlying is DecodingError { return .undecodable(decodingDetail(underlying)) }
        if let error = error as? ClientError {
            // The runtime reports a body of the wrong content type or shape this way.
            return .undecodable("HTTP \(error.response.map { String($0.status.code) } ?? "response") for \(error.operationID)")
        }
        return .undecodable(String(describing: type(of: underlying)))
    }

    /// A reply whose body is larger than `limit` bytes, which ``LiveTransport`` stops reading.
    static func replyTooLarge(limit: Int) -> ServiceError {
        let mebibyte = 1024 * 1024
        let size = limit % mebibyte == 0 ? "\(limit / mebibyte) MiB" : "\(limit) bytes"
        return .undecodable("a reply larger than \(size)")
    }

    /// A short description of what did not decode: the missing or malformed field's path.
    private static func decodingDetail(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "undecodable body" }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "malformed \(path(context.codingPath))"
        @unknown default:
            return "undecodable body"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "body" : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }
}
