import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation
import Testing

/// The refusals agora-server gives that the contract now declares (406, 408, 415) are read as
/// what they mean, not as a status this client does not understand.
@Suite("Live service: the server's 406, 408 and 415 are declared answers")
struct LiveServiceDeclaredRefusalTests {
    let baseURL = URL(string: "http://127.0.0.1:9")!

    func service(_ transport: ScriptedTransport) -> LiveService {
        LiveService(baseURL: baseURL, transport: transport)
    }

    @Test(
        "given a 406 or 415 with the contract's ErrorBody, when logging in, then invalidInput with the server's reason",
        arguments: [
            (406, "not_acceptable", "This API answers JSON only; accept application/json."),
            (415, "unsupported_media_type", "Send the body as JSON, with Content-Type: application/json."),
        ]
    )
    func refusedFormat(status: Int, code: String, message: String) async {
        let transport = ScriptedTransport(status: status, json: #"{"code":"\#(code)","message":"\#(message)"}"#)
        var refusal: ServiceError?
        do {
            _ = try await service(transport).login(LoginCredentials(email: "alice@agora.example", password: "agora-demo"))
        } catch {
            refusal = error
        }

        guard case .invalidInput(let field, let reason)? = refusal else {
            Issue.record("expected invalidInput, got \(String(describing: refusal))")
            return
        }
        #expect(field == "request")
        #expect(reason.hasPrefix(String(message.prefix(4)).lowercased()))
    }

    @Test("given a 408 (the body arrived too slowly), when posting a comment, then timeout, as the client's own deadline would be")
    func requestTimeout() async {
        let transport = ScriptedTransport(
            status: 408, json: #"{"code":"request_timeout","message":"The request body took longer than 30 seconds to arrive; send it at once."}"#)

        await #expect(throws: ServiceError.timeout) {
            _ = try await service(transport).postComment(CommentDraft(eventID: 1, body: "Hi", clientID: "c-1"), token: AccessToken("token-1"))
        }
    }
}
