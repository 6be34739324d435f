import AgoraAPI
import AgoraContract

/// What a documented error response means for a screen.
///
/// The server's `message` is for people and `code` for programs; the client reads `code` (and
/// `field` for a 400), so a reworded server message never changes which error a ViewModel sees.
extension ServiceError {
    /// A 400: the field the server named, with its reason.
    static func badRequest(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: body.field ?? "request", reason: reason(body.message))
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

    /// A 413: the request was too large; only a comment's body can make it so.
    static func tooLarge(_ body: Components.Schemas.ErrorBody) -> ServiceError {
        .invalidInput(field: body.field ?? "body", reason: reason(body.message))
    }

    /// A status the contract does not list for the operation: 5xx is the server failing (worth a
    /// retry), anything else a server this client does not understand.
    static func undocumented(status: Int) -> ServiceError {
        status >= 500 ? .server(status: status) : .undecodable("unexpected HTTP \(status)")
    }

    /// The message as a reason after "Invalid <field>: ": no capital, no final full stop.
    private static func reason(_ message: String) -> String {
        var reason = message.trimmingCharacters(in: .whitespacesAndNewlines)
        while reason.hasSuffix(".") { reason.removeLast() }
        guard let first = reason.first else { return "refused by the server" }
        return first.lowercased() + reason.dropFirst()
    }
}
