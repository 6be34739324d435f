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
        public let request: Request
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
        for request in Request.allCases {
            do {
                answers.append(Answer(request: request, result: .success(try await request.send(to: service, as: token))))
            } catch {
                answers.append(Answer(request: request, result: .failure(error)))
            }
        }
        return Outcome(response: response, answers: answers)
    }

    public static func brokenPromises(in outcome: Outcome) -> [String] {
        let status = outcome.response.status
        var broken: [String] = []
        for answer in outcome.answers {
            let request = answer.request
            let asked = "\(request) answered \(status)"
            switch answer.result {
            case .failure(let error):
                // The REPL prints an error as one line: whatever the server wrote in it.
                let text = error.description
                if text.contains(where: \.isNewline) || text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                    broken.append("\(asked): the error \(text.debugDescription) is not one printable line")
                }
                if text.count > 500 {
                    broken.append("\(asked): the error is \(text.count) characters long, more than a line should hold")
                }
                if let expected = request.documentedErrors(for: status), !expected.contains(error.kind) {
                    broken.append("\(asked): \(error), expected \(expected.sorted().joined(separator: " or "))")
                }
            case .success(let value):
                if !request.successes.contains(status) {
                    broken.append("\(asked): a value (\(value)) from a status the contract does not give for a success")
                }
                if case .login(let login) = value, (status == 201) != (login.session != nil) {
                    broken.append("\(asked): \(login); 201 is a session and 202 a two-factor challenge")
                }
            }
        }
        return broken
    }
}

extension LiveResponseFuzzTarget {
    /// Every request the app makes, with what `openapi.yaml` says its statuses mean.
    public enum Request: String, CaseIterable, Sendable {
        case fetchEvents, fetchEvent, rsvp, fetchComments, postComment, deleteComment, fetchActivities
        case login, verifyTwoFactor, resendTwoFactorCode, logout

        func send(to service: LiveService, as token: AccessToken) async throws(ServiceError) -> Value {
            switch self {
            case .fetchEvents: return .events(try await service.fetchEvents(EventsRequest()))
            case .fetchEvent: return .event(try await service.fetchEvent(id: 42, viewer: token))
            case .rsvp: return .event(try await service.rsvp(eventID: 42, going: true, token: token))
            case .fetchComments: return .comments(try await service.fetchComments(CommentsRequest(eventID: 42)))
            case .postComment:
                return .comment(try await service.postComment(CommentDraft(eventID: 42, body: "See you there"), token: token))
            case .deleteComment: try await service.deleteComment(id: 7, token: token)
            case .fetchActivities: return .activities(try await service.fetchActivities(ActivitiesRequest(), token: token))
            case .login: return .login(try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")))
            case .verifyTwoFactor: return .session(try await service.verifyTwoFactor("challenge-1", code: "424242"))
            case .resendTwoFactorCode: try await service.resendTwoFactorCode("challenge-1")
            case .logout: try await service.logout(token)
            }
            return .done
        }

        /// The statuses the contract lists as a success of this request.
        var successes: Set<Int> {
            switch self {
            case .fetchEvents, .fetchEvent, .rsvp, .fetchComments, .fetchActivities: [200]
            case .postComment: [200, 201]
            case .login: [201, 202]
            case .verifyTwoFactor: [201]
            case .deleteComment, .resendTwoFactorCode, .logout: [204]
            }
        }

        /// The error statuses the contract lists for this request.
        var errors: Set<Int> {
            switch self {
            // 304 answers a conditional read; the fuzzed service holds no answer to reuse.
            case .fetchEvents: [304, 400, 401, 406]
            case .fetchEvent: [304, 400, 401, 404, 406]
            case .rsvp: [400, 401, 404, 406, 408, 413, 415]
            case .fetchComments: [304, 400, 404, 406]
            case .postComment: [400, 401, 404, 406, 408, 409, 413, 415, 429]
            case .deleteComment: [400, 401, 403, 404]
            case .fetchActivities: [400, 401, 406]
            case .login: [400, 401, 406, 408, 413, 415, 429, 503]
            case .verifyTwoFactor: [400, 401, 406, 408, 413, 415, 429]
            case .resendTwoFactorCode: [400, 404, 408, 413, 415]
            case .logout: [400, 401]
            }
        }

        /// The kinds of ``ServiceError`` a failure with `status` may be, as the live service
        /// documents them; `nil` for a success status, whose failure can only be a body that
        /// does not decode.
        func documentedErrors(for status: Int) -> Set<String>? {
            if successes.contains(status) { return ["undecodable"] }
            // Any redirect but a conditional read's 304 is refused before the status is read.
            if (300...399).contains(status), status != 304 { return ["redirected"] }
            guard errors.contains(status) else {
                // Not in the contract: the server failing (worth a retry), or a server this
                // client does not understand.
                return status >= 500 ? ["server"] : ["undecodable"]
            }
            // Each documented error, or `undecodable` when the body is not the contract's
            // ErrorBody (the generated client reads it before the service sees the status).
            switch status {
            case 404: return ["notFound", "undecodable"]
            case 403: return ["forbidden", "undecodable"]
            case 400 where self == .verifyTwoFactor: return ["invalidInput", "invalidTwoFactorCode", "undecodable"]
            case 400, 406, 409, 413, 415: return ["invalidInput", "undecodable"]
            // Whatever the body: the request took too long, as the client's own deadline does.
            // A media-type header that breaks its grammar is refused before any status is read,
            // as on every answer (ResponseHeaderGuardMiddleware): that one cannot be read.
            case 408: return ["timeout", "undecodable"]
            // Posting too fast is a failure worth retrying, which keeps the comment in the outbox.
            case 429 where self == .postComment: return ["server", "undecodable"]
            case 429: return ["rateLimited", "undecodable"]
            // Too many logins waiting for a password check: try again, as for any server failure.
            case 503: return ["server", "undecodable"]
            case 304: return ["undecodable"]
            case 401: return ["unauthorized", "invalidCredentials", "invalidTwoFactorCode", "undecodable"]
            default: return nil
            }
        }
    }
}

extension ServiceError {
    /// The case's name, without its payload ("notFound").
    public var kind: String {
        switch self {
        case .notFound: "notFound"
        case .offline: "offline"
        case .timeout: "timeout"
        case .unauthorized: "unauthorized"
        case .invalidCredentials: "invalidCredentials"
        case .invalidTwoFactorCode: "invalidTwoFactorCode"
        case .forbidden: "forbidden"
        case .rateLimited: "rateLimited"
        case .invalidInput: "invalidInput"
        case .server: "server"
        case .undecodable: "undecodable"
        case .redirected: "redirected"
        case .unimplemented: "unimplemented"
        }
    }
}

extension LoginOutcome {
    fileprivate var session: Session? {
        if case .loggedIn(let session) = self { session } else { nil }
    }
}
