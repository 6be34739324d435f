import AgoraContractCoding
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

/// The headers of a request or a response, as the OpenAPI runtime parses them on both sides:
/// the input's first line is a `Content-Type`, its second an `Accept`.
///
/// The promises: whatever ``MediaTypeHeaderCheck`` lets through, the runtime parses without
/// trapping (the fuzzer reports the trap as a crash: one such header used to end agora-server
/// and agora); and the check refuses every value with a parameter name given twice in any case,
/// by an oracle that reads parameters on its own.
public enum RequestHeadersFuzzTarget: SynchronousFuzzTarget {
    public static let name = "request-headers"

    public struct Outcome: Sendable {
        public let contentType: String?
        public let accept: String?
        /// What the check said; `nil` when it let both through.
        public let refusal: MediaTypeHeaderCheck.Refusal?
    }

    public static func runNow(_ input: [UInt8]) -> Outcome {
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        var fields = HTTPFields()
        let contentType = lines.first.map(String.init)
        let accept = lines.count > 1 ? String(lines[1]) : nil
        if let contentType { fields[.contentType] = contentType }
        if let accept { fields[.accept] = accept }
        let refusal = MediaTypeHeaderCheck.firstRefusal(in: fields)
        if refusal == nil { parseAsTheRuntimeDoes(fields) }
        return Outcome(contentType: contentType, accept: accept, refusal: refusal)
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        guard outcome.refusal == nil else { return [] }
        var broken: [String] = []
        if let contentType = outcome.contentType, hasRepeatedParameter(contentType) {
            broken.append("Content-Type \(contentType.debugDescription) repeats a parameter, yet the check let it through")
        }
        if let accept = outcome.accept, accept.split(separator: ",").contains(where: { hasRepeatedParameter(String($0)) }) {
            broken.append("Accept \(accept.debugDescription) repeats a parameter, yet the check let it through")
        }
        return broken
    }

    /// Every runtime entry point that reads these headers, as the generated client and server
    /// call them.
    private static func parseAsTheRuntimeDoes(_ fields: HTTPFields) {
        let converter = Converter(configuration: .agora)
        let received = converter.extractContentTypeIfPresent(in: fields)
        _ = try? converter.bestContentType(received: received, options: ["application/json", "application/json; charset=utf-8"])
        _ = try? converter.validateAcceptIfPresent("application/json", in: fields)
        _ = try? converter.extractAcceptHeaderIfPresent(in: fields) as [AcceptHeaderContentType<JSONOnly>]
        if let received { _ = received == OpenAPIMIMEType(kind: received.kind, parameters: ["charset": "utf-8"]) }
    }

    /// The oracle: parameter names after the first `;`, compared without case, the runtime's way
    /// of splitting (at `;`, then at `=`), with the surrounding spaces it trims.
    private static func hasRepeatedParameter(_ value: String) -> Bool {
        let names = value.split(separator: ";").dropFirst().compactMap { parameter -> String? in
            let parts = parameter.split(separator: "=")
            guard parts.count == 2 else { return nil }
            return parts[0].trimmingCharacters(in: .whitespaces).lowercased()
        }
        return Set(names).count != names.count
    }

    /// An acceptable-content-type enum like the generated ones, for `extractAcceptHeaderIfPresent`.
    enum JSONOnly: AcceptableProtocol {
        case json
        case other(String)
        init?(rawValue: String) { self = rawValue.lowercased() == "application/json" ? .json : .other(rawValue) }
        var rawValue: String { if case .other(let value) = self { value } else { "application/json" } }
        static var allCases: [JSONOnly] { [.json] }
    }
}
