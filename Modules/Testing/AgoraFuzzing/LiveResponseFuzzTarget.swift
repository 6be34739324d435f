import AgoraAPI
import AgoraLive
import AgoraModels
import Foundation

/// The live client's reading of what agora-server answered: every request the app makes, each
/// answered with the same fuzzer-chosen status, Content-Type and body (see ``FuzzedResponse``).
public enum LiveResponseFuzzTarget: FuzzTarget {
    public static let name = "live-response"

    /// What a request gave: a domain value or the ``ServiceError`` a screen explains.
    public enum Value: Sendable {
        case events(Page<Event>)
        case event(Event)
        case comments(Page<Comment>)
        case comment(Comment)
        case activities(Page<Activity>)
        case login(LoginOutcome)
        case session(Session)
        case done
    }

    public struct Answer: Sendable {
        /// The `ServiceType` method asked ("fetchEvents").
        public let request: String
        public let result: Result<Value, ServiceError>
    }

    public struct Outcome: Sendable {
        public let response: FuzzedResponse
        public let answers: [Answer]
    }

    public static func run(_ input: [UInt8]) async -> Outcome {
        let response = FuzzedResponse(input)
        let service = LiveService(baseURL: URL(string: "http://127.0.0.1:9")!, transport: FixedResponseTransport(response: response))
        let token = AccessToken("fuzz-token")
        var answers: [Answer] = []
        func ask(_ request: String, _ call: () async throws(ServiceError) -> Value) async {
            do {
                answers.append(Answer(request: request, result: .success(try await call())))
            } catch {
                answers.append(Answer(request: request, result: .failure(error)))
            }
        }
        await ask("fetchEvents") { () async throws(ServiceError) in .events(try await service.fetchEvents(EventsRequest())) }
        await ask("fetchEvent") { () async throws(ServiceError) in .event(try await service.fetchEvent(id: 42, viewer: token)) }
        await ask("rsvp") { () async throws(ServiceError) in .event(try await service.rsvp(eventID: 42, going: true, token: token)) }
        await ask("fetchComments") { () async throws(ServiceError) in .comments(try await service.fetchComments(CommentsRequest(eventID: 42))) }
        await ask("postComment") { () async throws(ServiceError) in
            .comment(try await service.postComment(CommentDraft(eventID: 42, body: "See you there"), token: token))
        }
        await ask("deleteComment") { () async throws(ServiceError) in try await service.deleteComment(id: 7, token: token); return .done }
        await ask("fetchActivities") { () async throws(ServiceError) in .activities(try await service.fetchActivities(ActivitiesRequest(), token: token)) }
        await ask("login") { () async throws(ServiceError) in
            .login(try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")))
        }
        await ask("verifyTwoFactor") { () async throws(ServiceError) in .session(try await service.verifyTwoFactor("challenge-1", code: "424242")) }
        await ask("resendTwoFactorCode") { () async throws(ServiceError) in try await service.resendTwoFactorCode("challenge-1"); return .done }
        await ask("logout") { () async throws(ServiceError) in try await service.logout(token); return .done }
        return Outcome(response: response, answers: answers)
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        let status = outcome.response.status
        var broken: [String] = []
        for answer in outcome.answers {
            let asked = "\(answer.request) answered \(status)"
            switch answer.result {
            case .failure(let error):
                // The REPL prints an error as one line: whatever the server wrote in it.
                let text = error.description
                if text.contains(where: \.isNewline) || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    broken.append("\(asked): the error \(text.debugDescription) is not one printable line")
                }
                // No operation documents a 5xx: every one is the server failing, worth a retry.
                if status >= 500, error != .server(status: status) {
                    broken.append("\(asked): \(error), expected server(status: \(status))")
                }
            case .success(let value):
                if !outcome.response.isSuccess {
                    broken.append("\(asked): a value (\(value)) from a status that is not a success")
                }
                broken += pageMatchesBody(value, outcome.response).map { "\(asked): \($0)" }
            }
        }
        return broken
    }

    /// A page holds the items the body listed, in its order: none dropped, none invented.
    private static func pageMatchesBody(_ value: Value, _ response: FuzzedResponse) -> [String] {
        let ids: [Int]
        switch value {
        case .events(let page): ids = page.items.map(\.id)
        case .comments(let page): ids = page.items.map(\.id)
        case .activities(let page): ids = page.items.map(\.id)
        default: return []
        }
        guard let body = response.body,
              let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let items = object["items"] as? [[String: Any]]
        else { return ["a page from a body that has no list of items"] }
        let listed = items.map { ($0["id"] as? NSNumber)?.intValue }
        guard listed == ids.map(Optional.some) else { return ["a page of ids \(ids) from a body listing \(listed)"] }
        return []
    }
}
