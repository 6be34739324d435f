import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Decides 406 and 415 from the request's headers before the operation runs, so a refusal
/// never follows an effect.
///
/// The generated code checks `Accept` only when it encodes the answer, after the handler has
/// stored the comment, toggled the RSVP or used up the two-factor challenge; and it ignores
/// weights, so `application/json;q=0` (JSON refused) was answered with JSON. Here:
///
/// - an operation that answers JSON is refused with 406 when `Accept` gives JSON no weight
///   above 0: the most specific range that matches `application/json` (`application/json`, then
///   `application/*`, then `*/*`) decides, and a field where none matches refuses it. No
///   `Accept` (or an empty one) accepts anything. An operation that answers server-sent events
///   is judged the same way for `text/event-stream`.
/// - an operation that takes a body is refused with 415 when the request has no `Content-Type`;
///   the generated code refuses one that is not JSON.
///
/// `Accept` has passed ``HeaderGuardMiddleware`` by now, so it is a well-formed list; a weight
/// that is not RFC 9110's `qvalue` (0 to 1, at most three decimals) is refused with 400.
struct ContentNegotiationMiddleware: ServerMiddleware {
    /// Operations whose successes carry no body: nothing to negotiate.
    static let answersWithoutBody: Set<String> = ["headHealth", "resendTwoFactorCode", "deleteCurrentSession", "deleteComment"]
    /// Operations that answer a stream of server-sent events rather than JSON.
    static let answersEventStream: Set<String> = ["followEventChanges", "followMyChanges"]
    /// Operations that take a JSON body.
    static let takesBody: Set<String> = ["createSession", "verifyTwoFactor", "resendTwoFactorCode", "setRSVP", "postComment"]

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        if !Self.answersWithoutBody.contains(operationID), let accept = request.headerFields[.accept] {
            let answers = Self.answersEventStream.contains(operationID) ? "text/event-stream" : "application/json"
            guard try Self.accepts(answers, in: accept) else { throw APIError.notAcceptable }
        }
        if Self.takesBody.contains(operationID), request.headerFields[.contentType] == nil {
            throw APIError.unsupportedMediaType(nil)
        }
        return try await next(request, body, metadata)
    }

    /// Whether an `Accept` value gives `mediaType` (`application/json`) a weight above 0.
    static func accepts(_ mediaType: String, in accept: String) throws(APIError) -> Bool {
        let typeRange = mediaType.split(separator: "/").first.map { "\($0)/*" } ?? "*/*"
        var best: (specificity: Int, weight: Int)?
        var anyRange = false
        for element in accept.split(separator: ",") {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .init(charactersIn: " \t")) }
            guard let range = parts.first?.lowercased(), !range.isEmpty else { continue }
            anyRange = true
            let specificity: Int
            switch range {
            case mediaType: specificity = 3
            case typeRange: specificity = 2
            case "*/*": specificity = 1
            default: continue
            }
            var weight = 1000
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                weight = try Self.weight(pair[1])
            }
            if best == nil || specificity > best!.specificity || (specificity == best!.specificity && weight > best!.weight) {
                best = (specificity, weight)
            }
        }
        guard anyRange else { return true }
        return (best?.weight ?? 0) > 0
    }

    /// A `qvalue` in thousandths: `0`, `0.5`, `1.000`.
    private static func weight(_ text: String) throws(APIError) -> Int {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let decimals = parts.count == 2 ? parts[1] : ""
        guard let whole = parts.first, whole == "0" || whole == "1", decimals.count <= 3, decimals.allSatisfy({ $0.isASCII && $0.isNumber }),
            let value = Int(whole + decimals.padding(toLength: 3, withPad: "0", startingAt: 0)), value <= 1000
        else {
            throw APIError.invalidField("Accept", "The Accept header gives the weight q=\(text.prefix(20)); write q=0 to q=1 with at most three decimals.")
        }
        return value
    }
}
