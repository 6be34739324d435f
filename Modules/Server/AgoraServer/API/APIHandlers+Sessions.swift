import AgoraContract
import AgoraMocks
import Foundation
import Logging

extension APIHandlers {
    func createSession(_ input: Operations.CreateSession.Input) async throws -> Operations.CreateSession.Output {
        guard case .json(let credentials) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        let email = try TextField.email.check(credentials.email.trimmingCharacters(in: .whitespaces).lowercased())
        guard email.contains("@") else {
            throw APIError.invalidField("email", "Enter the email address of your account.")
        }
        try TextField.password.check(credentials.password)
        let device = DeviceID(header: input.headers.agoraDevice)
        let reservation = try await reserve(try await loginAttempt(on: email, from: device))
        let account: Account?
        do {
            account = try await store.account(email: email)
        } catch {
            await releaseTry(reservation)
            throw error
        }
        let matches: Bool
        do {
            matches = try await passwords.verify(credentials.password, hash: account?.passwordHash ?? decoyHash)
        } catch {
            await releaseTry(reservation)
            logger.notice("Login refused: too many logins waiting for a password check", metadata: ["waiting": "\(error.waiting)"])
            throw APIError.loginsBusy(retryAfter: 1)
        }
        guard let account, matches else {
            await loginFailed(reservation, reason: "wrong email or password")
            throw APIError.invalidCredentials
        }

        guard account.requiresTwoFactor else {
            await loginSucceeded(reservation)
            return .created(.init(body: .json(try await issueSession(for: account.user, device: device))))
        }
        // The right password is no failure, but the account's failures are forgiven only when the
        // code is right too: otherwise the right password would buy unlimited guesses at codes,
        // five per challenge.
        await releaseTry(reservation)
        let challengeID = RandomToken.make()
        // This server sends no mail: the code of every challenge is the demo code.
        try await store.insertChallenge(
            id: challengeID, userID: account.user.id, code: MockData.twoFactorCode, now: now(),
            expiresAt: now().addingTimeInterval(TimeInterval(twoFactorLifetime.wholeSeconds))
        )
        logger.info("Two-factor challenge issued", metadata: ["user.id": "\(account.user.id)"])
        return .accepted(
            .init(
                body: .json(
                    .init(
                        challengeID: challengeID, destination: MaskedEmail.mask(account.user.email)
                    ))))
    }

    func verifyTwoFactor(_ input: Operations.VerifyTwoFactor.Input) async throws -> Operations.VerifyTwoFactor.Output {
        guard case .json(let answer) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        try Self.checkChallengeID(answer.challengeID)
        let code = answer.code.trimmingCharacters(in: .whitespaces)
        guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw APIError.invalidField("code", "Enter the six digits of the code.")
        }
        let device = DeviceID(header: input.headers.agoraDevice)
        let attempt = try await loginAttempt(on: try await store.challengeEmail(id: answer.challengeID)?.lowercased(), from: device)
        let reservation = try await reserve(attempt)
        let user: Components.Schemas.User
        do {
            user = try await store.answerChallenge(id: answer.challengeID, code: code, now: now())
        } catch let error as APIError where error == .invalidTwoFactorCode {
            await loginFailed(reservation, reason: "wrong two-factor code")
            throw error
        } catch {
            await releaseTry(reservation)
            throw error
        }
        await loginSucceeded(reservation)
        return .created(.init(body: .json(try await issueSession(for: user, device: device))))
    }

    func resendTwoFactorCode(_ input: Operations.ResendTwoFactorCode.Input) async throws -> Operations.ResendTwoFactorCode.Output {
        guard case .json(let resend) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        try Self.checkChallengeID(resend.challengeID)
        let renewed = try await store.renewChallenge(
            id: resend.challengeID, now: now(),
            expiresAt: now().addingTimeInterval(TimeInterval(twoFactorLifetime.wholeSeconds))
        )
        guard renewed else { throw APIError.notFound("There is no pending login with this challenge; log in again.") }
        return .noContent(.init())
    }

    func deleteCurrentSession(_ input: Operations.DeleteCurrentSession.Input) async throws -> Operations.DeleteCurrentSession.Output {
        try await store.deleteSession(token: RequestCredentials.required().token)
        // Its streams end now rather than at the feed's next round.
        changes.changeMade()
        return .noContent(.init())
    }

    func getCurrentUser(_ input: Operations.GetCurrentUser.Input) async throws -> Operations.GetCurrentUser.Output {
        .ok(.init(body: .json(try RequestCredentials.required().user)))
    }

    /// A login for `account` from the client's address, and whether `device` has logged in to
    /// that account before.
    private func loginAttempt(on account: String?, from device: DeviceID?) async throws -> LoginThrottle.Attempt {
        var known = false
        if let device, let account { known = try await store.isKnownDevice(device, email: account) }
        return LoginThrottle.Attempt(account: account, address: ClientAddress.current, fromKnownDevice: known)
    }

    /// Counts `attempt` as a failure before it is checked, on this server and, with a shared
    /// store, on all of them; 429 with `Retry-After` instead while the account or the address
    /// has too many recent failures or tries in flight.
    private func reserve(_ attempt: LoginThrottle.Attempt) async throws -> LoginTryReservation {
        var shared: SharedLoginTry.Reservation?
        if let store = store as? any SharedLoginFailures {
            switch try await store.reserveLoginTry(attempt, limits: throttle.limits, now: now()) {
            case .reserved(let reservation): shared = reservation
            case .wait(let seconds):
                logger.notice("Login refused: too many failures", metadata: Self.metadata(attempt, seconds: seconds))
                throw APIError.tooManyAttempts(retryAfter: seconds)
            }
        }
        switch await throttle.reserve(attempt) {
        case .success(let reservation):
            return LoginTryReservation(local: reservation, shared: shared)
        case .failure(let throttled):
            await releaseShared(shared)
            logger.notice("Login refused: too many failures", metadata: Self.metadata(attempt, seconds: throttled.seconds))
            throw APIError.tooManyAttempts(retryAfter: throttled.seconds)
        }
    }

    /// The try failed: it counts towards every limit, on every server sharing the store, as its
    /// reservation already does there.
    private func loginFailed(_ reservation: LoginTryReservation, reason: String) async {
        await throttle.failed(reservation.local)
        logFailure(reservation.attempt, reason: reason)
    }

    /// The try did not fail (a right password that still needs its code) or was never checked:
    /// it stops counting anywhere.
    private func releaseTry(_ reservation: LoginTryReservation) async {
        await throttle.release(reservation.local)
        await releaseShared(reservation.shared)
    }

    /// The login succeeded: its try stops counting, and the account's failures from this address
    /// are forgiven.
    private func loginSucceeded(_ reservation: LoginTryReservation) async {
        await throttle.succeeded(reservation.local)
        await releaseShared(reservation.shared)
        guard let shared = store as? any SharedLoginFailures, let account = reservation.attempt.account else { return }
        do {
            try await shared.forgiveLoginFailures(account: account, address: reservation.attempt.address)
        } catch {
            logger.warning("A successful login could not forgive its failures for the other servers", metadata: ["error": "\(error)"])
        }
    }

    private func releaseShared(_ reservation: SharedLoginTry.Reservation?) async {
        guard let reservation, let shared = store as? any SharedLoginFailures else { return }
        do {
            try await shared.releaseLoginTry(reservation)
        } catch {
            // The try keeps counting as a failure until the window passes: a stricter limit,
            // never a looser one.
            logger.warning("A login try's reservation could not be given back", metadata: ["error": "\(error)"])
        }
    }

    /// Logs one line for a failure: the masked account and the peer, never the password.
    private func logFailure(_ attempt: LoginThrottle.Attempt, reason: String) {
        var metadata = Self.metadata(attempt)
        metadata["reason"] = "\(reason)"
        logger.notice("Login failed", metadata: metadata)
    }

    private static func metadata(_ attempt: LoginThrottle.Attempt, seconds: Int? = nil) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "account": "\(attempt.account.map(MaskedEmail.mask) ?? "unknown")",
            "peer": "\(attempt.address ?? "unknown")",
            "device": "\(attempt.fromKnownDevice ? "known" : "unknown")",
        ]
        if let seconds { metadata["retry-after"] = "\(seconds)" }
        return metadata
    }

    /// A new session for `user`, whose login has succeeded, with the device identifier the client
    /// keeps: `device` again when the server issued it for this account before, else a new one.
    /// Either is a known device of the account from now on.
    private func issueSession(for user: Components.Schemas.User, device presented: DeviceID?) async throws -> Components.Schemas.Session {
        let token = RandomToken.make()
        let issuedAt = now()
        var device = DeviceID.issue()
        if let presented, try await store.isKnownDevice(presented, email: user.email) { device = presented }
        try await store.rememberDevice(device, userID: user.id, now: issuedAt)
        // Whole seconds, as stored: the expiry the client sees is the one the server enforces.
        let expiresAt = Date(unixSeconds: issuedAt.unixSeconds + tokenLifetime.wholeSeconds)
        do {
            try await store.insertSession(
                token: token, userID: user.id, now: issuedAt, expiresAt: expiresAt, keepingAtMost: sessionsPerAccount,
                atMostPerMinute: loginsPerAccountPerMinute)
        } catch let tooMany as LoginsPerMinuteReached {
            logger.notice(
                "Login refused: too many logins to the account in a minute", metadata: ["user.id": "\(user.id)", "retry-after": "\(tooMany.retryAfter)"])
            throw APIError.tooManyLogins(retryAfter: tooMany.retryAfter)
        }
        // The streams of a session it let go past the account's limit end now.
        changes.changeMade()
        logger.info("Session created", metadata: ["user.id": "\(user.id)"])
        return Components.Schemas.Session(token: token, expiresAt: expiresAt, user: user, device: device.value)
    }

    private static func checkChallengeID(_ id: String) throws(APIError) {
        try TextField.challengeID.check(id)
    }
}

/// A login try reserved on this server and, with a shared store, on every server
/// (``SharedLoginFailures``).
struct LoginTryReservation: Sendable {
    let local: LoginThrottle.Reservation
    let shared: SharedLoginTry.Reservation?

    var attempt: LoginThrottle.Attempt { local.attempt }
}
