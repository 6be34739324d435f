import Hummingbird
import Logging
import NIOHTTP1
import OpenAPIRuntime

/// Turns every error below it into the contract's JSON `ErrorBody`, so a client never sees
/// Hummingbird's or the OpenAPI runtime's own bodies.
///
/// - ``APIError``s a handler or middleware threw are written as they are.
/// - The generated server's errors (`ServerError`) are unwrapped: a `DecodingError` becomes a
///   400 naming the field it stopped at; the runtime's other refusals keep their status.
/// - The router's "no route" becomes a JSON 404, or a 405 with an `Allow` header when the path
///   exists with other methods (``RouteTable``).
/// - A body that breaks HTTP/1.1's framing (a chunk size that is not hexadecimal or overflows, a
///   `Transfer-Encoding` that is not `chunked`) is the client's error: 400, and the connection
///   closes, since nothing after it can be framed.
/// - Anything else is a 500 `internal` whose details go to the log, never to the client. The
///   log names the error, not the request: a `ServerError`'s description would print the decoded
///   input, passwords included.
struct ErrorResponseMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The API's paths and their methods, to tell a wrong method from a wrong path.
    let routes: RouteTable

    func handle(
        _ request: Request, context: Context, next: @concurrent (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            if let refusal = refusal(for: error, request: request) {
                return refusal.response()
            }
            context.logger.error(
                "Request failed unexpectedly",
                metadata: [
                    "http.method": "\(request.method)",
                    "http.path": "\(request.uri.path)",
                    "error": "\(Self.describeForLog(error))",
                ])
            return APIError.internalError.response()
        }
    }

    /// The documented refusal an error stands for, or `nil` when it is a failure of the server.
    func refusal(for error: any Error, request: Request) -> APIError? {
        if let parserError = Self.httpParserError(in: error) {
            return .malformedHTTP(parserError)
        }
        switch error {
        case let error as APIError:
            return error
        case let error as ServerError:
            return Self.refusal(for: error, request: request)
        case let error as HTTPError where error.status == .notFound:
            let allowed = routes.methods(forPath: request.uri.path)
            guard allowed.isEmpty else { return .methodNotAllowed(request.method, path: request.uri.path, allowed: allowed) }
            return .notFound("There is no \(request.method) \(request.uri.path) in this API.")
        case let error as HTTPError where (400..<500).contains(error.status.code):
            return APIError(error.status, code: "invalid_request", message: error.body ?? "The request was refused.")
        default:
            return nil
        }
    }

    private static func refusal(for error: ServerError, request: Request) -> APIError? {
        if let refusal = error.underlyingError as? APIError {
            return refusal
        }
        // A body that is not JSON at all stops at no field: name the body.
        let wholeInput = request.method == .get || request.method == .delete ? "query" : "body"
        if let decoding = error.underlyingError as? DecodingError {
            guard let field = decoding.field else {
                return .invalidField(wholeInput, wholeInput == "body" ? "The request body is not valid JSON." : "The request could not be read.")
            }
            return .invalidField(field, decoding.reason)
        }
        switch error.httpStatus.code {
        case 400:
            return .invalidField(wholeInput, "The request could not be read: \(error.causeDescription)")
        case 406:
            return .notAcceptable
        case 415:
            return .unsupportedMediaType(request.headers[.contentType])
        case 404:
            return .notFound("There is no \(request.method) \(request.uri.path) in this API.")
        case 400..<500:
            return APIError(error.httpStatus, code: "invalid_request", message: error.causeDescription)
        default:
            return nil
        }
    }

    /// The HTTP parser's error that stopped reading the request, also when the generated code
    /// wrapped it while it read the body.
    private static func httpParserError(in error: any Error) -> HTTPParserError? {
        if let error = error as? HTTPParserError { return error }
        if let error = error as? ServerError { return httpParserError(in: error.underlyingError) }
        return nil
    }

    /// What the log says about an unexpected error: its cause, not the request it came with.
    static func describeForLog(_ error: any Error) -> String {
        if let error = error as? ServerError {
            return "\(error.operationID): \(error.causeDescription): \(String(reflecting: type(of: error.underlyingError))): \(error.underlyingError)"
        }
        return "\(String(reflecting: type(of: error))): \(error)"
    }
}
