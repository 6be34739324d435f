import AgoraContractCoding
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

/// The headers of a request or a response, as the OpenAPI runtime parses them on both sides:
/// the input's first line is a `Content-Type`, its second an `Accept`.
///
/// The promises: whatever ``MediaTypeHeaderCheck`` lets through, the runtime parses without
/// trapping (the fuzzer reports the trap as a crash: such a header would end agora-server or
/// agora); the check lets through only printable ASCII, spaces and tabs; and it refuses every
/// value with a parameter name given twice in any case, by an oracle that reads parameters as
/// the runtime does (split at `;` and `=`, trimmed of every Unicode whitespace), not as the
/// check does.
public enum RequestHeadersFuzzTarget: SynchronousFuzzTarget {
    public static let name = "request-headers"

    public struct Outcome: Sendable {
        /// The `Content-Type` as the header fields hold it (they turn NUL, CR and LF into spaces).
        public let contentType: String?
        /// The `Accept` as the header fields hold it.
        public let accept: String?
        /// What the check said; `nil` when it let both through.
        public let refusal: MediaTypeHeaderCheck.Refusal?
    }

    public static func runNow(_ input: [UInt8]) -> Outcome {
        let lines = String(decoding: input, as: UTF8.self).split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        return check(contentType: lines.first.map(String.init), accept: lines.count > 1 ? String(lines[1]) : nil)
    }

    /// Checks a request's `Content-Type` and `Accept`, and parses them as the runtime does when
    /// the check lets them through: a trap there ends the caller, a fuzzer or a test.
    public static func check(contentType: String?, accept: String?) -> Outcome {
        var fields = HTTPFields()
        if let contentType { fields[.contentType] = contentType }
        if let accept { fields[.accept] = accept }
        let refusal = MediaTypeHeaderCheck.firstRefusal(in: fields)
        if refusal == nil { parseAsTheRuntimeDoes(fields) }
        return Outcome(contentType: fields[.contentType], accept: fields[.accept], refusal: refusal)
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        guard outcome.refusal == nil else { return [] }
        var broken: [String] = []
        for value in [outcome.contentType, outcome.accept].compactMap(\.self)
        where value.unicodeScalars.contains(where: { !($0 == " " || $0 == "\t" || (0x21...0x7E).contains($0.value)) }) {
            broken.append("\(value.debugDescription) holds more than printable ASCII, yet the check let it through")
        }
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
    /// of splitting (at `;`, then at `=`), with the surrounding whitespace it trims.
    private static func hasRepeatedParameter(_ value: String) -> Bool {
        let names = value.split(separator: ";").dropFirst().compactMap { parameter -> String? in
            let parts = parameter.split(separator: "=")
            guard parts.count == 2 else { return nil }
            return trimmedAsTheRuntimeDoes(parts[0]).lowercased()
        }
        return Set(names).count != names.count
    }

    /// Every Unicode whitespace character off both ends, as the runtime trims.
    private static func trimmedAsTheRuntimeDoes(_ text: Substring) -> Substring {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace }) else {
            return ""
        }
        return text[first...last]
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
