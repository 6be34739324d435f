import AgoraAPI
import AgoraContract
import AgoraModels

extension LiveService {
    @concurrent
    public func login(_ credentials: LoginCredentials) async throws(ServiceError) -> LoginOutcome {
        let output = try await send { client in
            try await client.createSession(body: .json(.init(email: credentials.email, password: credentials.password)))
        }
        switch output {
        case .created(let created): return .loggedIn(loggedIn(try decoded { try created.body.json }))
        case .accepted(let accepted): return .twoFactorRequired(TwoFactorChallenge(try decoded { try accepted.body.json }))
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .contentTooLarge(let response): throw .tooLarge(try decoded { try response.body.json })
        case .tooManyRequests(let response): throw .rateLimited(retryAfterHeader: response.headers.retryAfter)
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .requestTimeout: throw .timeout
        case .unsupportedMediaType(let response): throw .refused(try decoded { try response.body.json })
        // Too many logins wait for a password check: nothing was tried, so trying again is right.
        case .serviceUnavailable: throw .server(status: 503)
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func verifyTwoFactor(_ challenge: TwoFactorChallenge.ID, code: String) async throws(ServiceError) -> Session {
        let output = try await send { client in
            try await client.verifyTwoFactor(body: .json(.init(challengeID: challenge, code: code)))
        }
        switch output {
        case .created(let created): return loggedIn(try decoded { try created.body.json })
        case .badRequest(let response):
            // A code that is not six digits is refused before it is checked: for the person
            // typing it, that is a wrong code.
            let body = try decoded { try response.body.json }
            throw body.field == "code" ? .invalidTwoFactorCode : .badRequest(body)
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .contentTooLarge(let response): throw .tooLarge(try decoded { try response.body.json })
        case .tooManyRequests(let response): throw .rateLimited(retryAfterHeader: response.headers.retryAfter)
        case .notAcceptable(let response): throw .refused(try decoded { try response.body.json })
        case .requestTimeout: throw .timeout
        case .unsupportedMediaType(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func resendTwoFactorCode(_ challenge: TwoFactorChallenge.ID) async throws(ServiceError) {
        let output = try await send { client in
            try await client.resendTwoFactorCode(body: .json(.init(challengeID: challenge)))
        }
        switch output {
        case .noContent: return
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .notFound: throw .notFound("login challenge")
        case .contentTooLarge(let response): throw .tooLarge(try decoded { try response.body.json })
        case .requestTimeout: throw .timeout
        case .unsupportedMediaType(let response): throw .refused(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    @concurrent
    public func logout(_ token: AccessToken) async throws(ServiceError) {
        let output = try await send(as: token) { client in try await client.deleteCurrentSession() }
        switch output {
        case .noContent: return
        case .badRequest(let response): throw .badRequest(try decoded { try response.body.json })
        case .unauthorized(let response): throw .unauthorized(try decoded { try response.body.json })
        case .undocumented(let status, _): throw .undocumented(status: status)
        }
    }

    /// The session of a login that succeeded; the device id agora-server issued with it is kept
    /// as the device's from now on (``RequestOrigin/deviceIssued(_:)``).
    private func loggedIn(_ wire: Components.Schemas.Session) -> Session {
        origin?.deviceIssued(wire.device)
        return Session(wire)
    }
}
