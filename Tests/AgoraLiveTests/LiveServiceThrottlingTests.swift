import AgoraAPI
import AgoraChildProcess
import AgoraLive
import AgoraModels
import AgoraServer
import Foundation
import HTTPTypes
import OpenAPIRuntime
import Testing

/// The live client against a real agora-server that throttles logins, and the server's answers
/// that the client must read with care: a 429's wait and a 409's field.
@Suite("Live service: login throttling and reused client ids")
struct LiveServiceThrottlingTests {
    @Test("given a server allowing 3 failed logins per account, when a 4th try comes, then rateLimited with the server's wait, shown as seconds to wait")
    func throttledLogin() async throws {
        var configuration = AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical)
        configuration.loginThrottling = LoginThrottling(failuresPerAccount: 3, failuresPerAddress: 100, window: .seconds(600))
        let server = try await AgoraServer.start(configuration)
        let service = LiveService(baseURL: server.baseURL, timeout: Hang.bound)
        let wrong = LoginCredentials(email: "alice@agora.example", password: "guess")

        for _ in 1...3 {
            await #expect(throws: ServiceError.invalidCredentials) { try await service.login(wrong) }
        }
        var refusal: ServiceError?
        do { _ = try await service.login(wrong) } catch { refusal = error }
        await server.stop()

        guard case .rateLimited(let seconds)? = refusal else {
            Issue.record("expected rateLimited, got \(String(describing: refusal))")
            return
        }
        #expect((1...600).contains(seconds))
        #expect(refusal?.description == "Too many failed logins. Wait \(seconds) seconds, then try again.")
    }

    @Test(
        "given a 429 whose Retry-After is 0 or absurd, then rateLimited without a wait, told as 'a while'; missing or not a number breaks the contract: undecodable",
        arguments: [nil, "0", "999999999", "soon"]
    )
    func unusableRetryAfter(header: String?) async throws {
        let transport = ScriptedTransport { _ in
            var response = HTTPResponse(status: .tooManyRequests)
            response.headerFields[.contentType] = "application/json"
            if let header { response.headerFields[.retryAfter] = header }
            return (response, HTTPBody(#"{"code":"too_many_attempts","message":"Too many failed logins."}"#))
        }
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport)

        var refusal: ServiceError?
        do { _ = try await service.login(LoginCredentials(email: "a@b.c", password: "x")) } catch { refusal = error }

        // The contract requires an integer Retry-After: without one the answer is undecodable.
        if header == nil || header == "soon" {
            guard case .undecodable? = refusal else { return #expect(Bool(false), "\(String(describing: refusal))") }
        } else {
            #expect(refusal == .rateLimited(retryAfterSeconds: 0))
            #expect(refusal?.description == "Too many failed logins. Wait a while, then try again.")
        }
    }

    @Test("given a clientID posted before, when posting other text with it, then invalidInput naming clientID (the server's 409)")
    func reusedClientID() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        let service = LiveService(baseURL: server.baseURL, timeout: Hang.bound)
        var refusal: ServiceError?
        do {
            guard case .loggedIn(let session) = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")) else {
                throw ServiceError.invalidCredentials
            }
            _ = try await service.postComment(CommentDraft(eventID: 2, body: "first", clientID: "reused-1"), token: session.token)
            _ = try await service.postComment(CommentDraft(eventID: 2, body: "second", clientID: "reused-1"), token: session.token)
        } catch {
            refusal = error as? ServiceError
        }
        await server.stop()

        guard case .invalidInput(let field, _)? = refusal else {
            Issue.record("expected invalidInput, got \(String(describing: refusal))")
            return
        }
        #expect(field == "clientID")
    }
}
