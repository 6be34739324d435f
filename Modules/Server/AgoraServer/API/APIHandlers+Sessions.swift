import AgoraContract
import AgoraMocks
import Foundation

extension APIHandlers {
    func createSession(_ input: Operations.CreateSession.Input) async throws -> Operations.CreateSession.Output {
        guard case .json(let credentials) = input.body else { throw APIError.invalidField("body", "Expected JSON.") }
        let email = credentials.email.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard (3...254).contains(email.count), email.contains("@") else {
            throw APIError.invalidField("email", "Enter the email address of your account.")
        }
        guard (1...200).contains(credentials.password.count) else {
            throw APIError.invalidField("password", "Enter a password of 1 to 200 characters.")
        }
        let account = try await store.account(email: email)
        let matches = await passwords.verify(credentials.password, hash: account?.passwordHash ?? decoyHash)
        guard let account, matches else { throw APIError.invalidCredentials }

        guard account.requiresTwoFactor else {
            return .created(.init(body: .json(try await issueSession(for: account.user))))
        }
        let challengeID = RandomToken.make()
        // This server sends no mail: the code of every challenge is the demo code.
        try await store.insertChallenge(
            id: challengeID, userID: account.user.id, code: MockData.twoFactorCode,
            expiresAt: now().addingTimeInterval(TimeInterval(twoFactorLifetime.wholeSeconds))
        )
        logger.info("Two-factor challenge issued", metadata: ["user.id": "\(account.user.id)"])
        return .accepted(.init(body: .json(.init(
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
        let user = try await store.answerChallenge(id: answer.challengeID, code: code, now: now())
        return .created(.init(body: .json(try await issueSession(for: user))))
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
        return .noContent(.init())
    }

    func getCurrentUser(_ input: Operations.GetCurrentUser.Input) async throws -> Operations.GetCurrentUser.Output {
        .ok(.init(body: .json(try RequestCredentials.required().user)))
    }

    private func issueSession(for user: Components.Schemas.User) async throws -> Components.Schemas.Session {
        let token = RandomToken.make()
        let issuedAt = now()
        // Whole seconds, as stored: the expiry the client sees is the one the server enforces.
        let expiresAt = Date(unixSeconds: issuedAt.unixSeconds + tokenLifetime.wholeSeconds)
        try await store.insertSession(token: token, userID: user.id, now: issuedAt, expiresAt: expiresAt)
        logger.info("Session created", metadata: ["user.id": "\(user.id)"])
        return Components.Schemas.Session(token: token, expiresAt: expiresAt, user: user)
    }

    private static func checkChallengeID(_ id: String) throws(APIError) {
        guard (1...100).contains(id.count) else {
            throw .invalidField("challengeID", "Expected the challengeID the login answered.")
        }
    }
}
