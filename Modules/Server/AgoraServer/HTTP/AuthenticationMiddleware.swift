import AgoraContract
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The signed-in user of the request being handled, and the token that proved it.
struct SignedIn: Sendable {
    let token: String
    let user: Components.Schemas.User
}

/// Who is asking. The generated operation inputs carry no `Authorization` header (the contract
/// declares bearer tokens as a security scheme), so ``AuthenticationMiddleware`` resolves it and
/// binds the result here for the handler, which runs in the same task.
enum RequestCredentials {
    @TaskLocal static var signedIn: SignedIn?

    /// The signed-in user, or a 401 for an operation that needs one.
    static func required() throws(APIError) -> SignedIn {
        guard let signedIn else { throw .unauthorized }
        return signedIn
    }
}

/// Resolves `Authorization: Bearer <token>` to a user before the request is decoded, so a write
/// without a valid token is a 401 whatever its body.
///
/// What each operation asks for, as the contract's `security` says:
/// - writes and `/v1/me*` need a valid token: missing, unknown, revoked or expired is a 401;
/// - `GET /v1/events/{id}` takes an optional token, but a token it is given must be valid (401);
/// - `GET /v1/events` takes an optional token and reads an invalid one as none, so a stale
///   session still lists events, just without `isGoing` (only `going=true` needs a valid one);
/// - the rest ignore tokens.
struct AuthenticationMiddleware: ServerMiddleware {
    enum Requirement {
        case required, optional, optionalIgnoringInvalid
    }

    static let requirements: [String: Requirement] = [
        Operations.DeleteCurrentSession.id: .required,
        Operations.GetCurrentUser.id: .required,
        Operations.ListActivities.id: .required,
        Operations.FollowMyChanges.id: .required,
        Operations.SetRSVP.id: .required,
        Operations.PostComment.id: .required,
        Operations.DeleteComment.id: .required,
        Operations.GetEvent.id: .optional,
        Operations.ListEvents.id: .optionalIgnoringInvalid,
    ]

    /// Where tokens are resolved: a session is looked up once per write to the store, not once
    /// per request.
    let sessions: SessionCache

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @concurrent @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard let requirement = Self.requirements[operationID] else {
            return try await next(request, body, metadata)
        }
        let token = request.headerFields[.authorization].flatMap(Self.bearerToken(in:))
        var signedIn: SignedIn?
        switch (requirement, token) {
        case (.required, nil):
            throw APIError.unauthorized
        case (.required, let token?), (.optional, let token?):
            signedIn = SignedIn(token: token, user: try await sessions.user(token: token))
        case (.optionalIgnoringInvalid, let token?):
            signedIn = try? await SignedIn(token: token, user: sessions.user(token: token))
        case (.optional, nil), (.optionalIgnoringInvalid, nil):
            signedIn = nil
        }
        return try await RequestCredentials.$signedIn.withValue(signedIn) {
            try await next(request, body, metadata)
        }
    }

    /// The token of a `Bearer` credential (the scheme is case-insensitive); `nil` for others.
    static func bearerToken(in authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
