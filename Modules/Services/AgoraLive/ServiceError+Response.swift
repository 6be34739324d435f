import AgoraAPI
import AgoraContract

/// What a documented error response means for a screen.
///
/// The server's `message` is for people and `code` for programs; the client reads `code` (and
/// `field` for a 400), so a reworded server message never changes which error a ViewModel sees.
extension ServiceError {
    /// A 400: the field the server named, with its reason.
    static func badRequest(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: field(body.field, otherwise: "request"), reason: reason(body.message))
    }

    /// A 401: wrong credentials or code where the request was a login, otherwise an expired or
    /// unknown token (the session ends).
    static func unauthorized(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        switch body.code {
        case "invalid_credentials": .invalidCredentials
        case "invalid_two_factor_code": .invalidTwoFactorCode
        default: .unauthorized
        }
    }

    /// A 409: a field (the `clientID`) was used before for something else.
    static func conflict(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: field(body.field, otherwise: "clientID"), reason: reason(body.message))
    }

    /// A 429: too many failed logins; the wait is the `Retry-After` the server sent, when it is
    /// a sane number of seconds (a hostile server cannot make the client show a wait of years).
    static func rateLimited(retryAfterHeader seconds: Int32?) -> ServiceError {
        guard let seconds, (1...86_400).contains(seconds) else { return .rateLimited(retryAfterSeconds: 0) }
        return .rateLimited(retryAfterSeconds: Int(seconds))
    }

    /// A 413: the request was too large; only a comment's body can make it so.
    static func tooLarge(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: field(body.field, otherwise: "body"), reason: reason(body.message))
    }

    /// A 406 or 415: the server cannot answer the request's `Accept` or read its body's format.
    /// This client sends both as the contract says, so only a server that disagrees answers so;
    /// its reason, as a refused request.
    static func refused(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: field(body.field, otherwise: "request"), reason: reason(body.message))
    }

    /// A status the contract does not list for the operation: 5xx is the server failing (worth a
    /// retry), anything else a server this client does not understand.
    static func undocumented(status: Int) -> ServiceError {
        status >= 500 ? .server(status: status) : .undecodable("unexpected HTTP \(status)")
    }

    /// The message as a reason after "Invalid <field>: ": no capital, no final full stop.
    private static func reason(_ message: String) -> String {
        var reason = oneLine(message)
        while reason.hasSuffix(".") { reason.removeLast() }
        guard let first = reason.first else { return "refused by the server" }
        return first.lowercased() + reason.dropFirst()
    }

    private static func field(_ name: String?, otherwise fallback: String) -> String {
        let field = oneLine(name ?? "")
        return field.isEmpty ? fallback : field
    }

    /// The longest text from the server an error quotes, in characters.
    static let quotedTextLimit = 200

    /// Text the server wrote, fit to be shown as one line of an error: line breaks and other
    /// control characters become spaces (a terminal would act on an escape sequence, and a
    /// NUL or a line break would split the line), runs of spaces become one, and text longer
    /// than ``quotedTextLimit`` ends in "…".
    ///
    /// Found by Scripts/fuzz (Tools/Fuzz/Regressions/live-response/control-character-in-message):
    /// a 400 whose message held "\u0000" printed it as it was.
    static func oneLine(_ text: String) -> String {
        let words = text.unicodeScalars
            .map { $0.properties.generalCategory == .control || $0.properties.isWhitespace ? " " : Character($0) }
            .split(separator: " ")
        let line = words.map { String($0) }.joined(separator: " ")
        guard line.count > quotedTextLimit else { return line }
        return String(line.prefix(quotedTextLimit - 1)) + "…"
    }
}
