import AgoraAPI
import AgoraModels
import Foundation

/// A member of OSS mode's world who acts on their own now and then — comments on one of the
/// soonest events, or changes their RSVP to one — so that what other members do can be watched
/// arrive without a server (`AGORA_MOCK_ACTIVITY=<seconds>`). Off unless asked for.
public struct SimulatedMember: Sendable {
    /// The environment variable that turns it on: the seconds between two actions.
    public static let variable = "AGORA_MOCK_ACTIVITY"

    /// Why the variable cannot be used, in one line.
    public struct Invalid: Error, CustomStringConvertible {
        public let value: String
        public var description: String {
            "\(SimulatedMember.variable) must be a whole number of seconds between a simulated member's actions (e.g. 10), got '\(value.prefix(40))'"
        }
    }

    /// Who acts: Dmitri, who needs no second step to log in.
    static let email = "dmitri@agora.example"
    /// What they say, in turn.
    static let remarks = [
        "Just saw this, count me in!", "Is there parking nearby?", "Looking forward to the talks.",
        "Can someone share the slides afterwards?", "Running a few minutes late.",
    ]

    /// The time between two actions.
    public let interval: Duration
    /// How many of the soonest events they act on.
    let events = 3

    /// The member the environment asks for, or `nil` when it asks for none.
    public static func fromEnvironment(_ environment: [String: String]) throws(Invalid) -> SimulatedMember? {
        guard let value = environment[variable], !value.isEmpty else { return nil }
        guard let seconds = Int(value), (1...86_400).contains(seconds) else { throw Invalid(value: value) }
        return SimulatedMember(interval: .seconds(seconds))
    }

    public init(interval: Duration) {
        self.interval = interval
    }

    /// Acts on `backend` every ``interval`` until the task is cancelled, or `times` times.
    public func act(on backend: MockBackend, clock: any Clock<Duration> = ContinuousClock(), times: Int = .max) async {
        guard case .loggedIn(let session)? = try? backend.login(LoginCredentials(email: Self.email, password: MockData.demoPassword)) else { return }
        let soonest = backend.data.events.prefix(events).map(\.id)
        var turn = 0
        while !Task.isCancelled, turn < times {
            do { try await clock.sleep(for: interval) } catch { return }
            let eventID = soonest[turn % soonest.count]
            if turn.isMultiple(of: 2) {
                let remark = Self.remarks[(turn / 2) % Self.remarks.count]
                _ = try? backend.postComment(CommentDraft(eventID: eventID, body: remark), token: session.token)
            } else if let event = try? backend.event(id: eventID, viewer: session.token), event.hostID != session.user.id {
                _ = try? backend.rsvp(eventID: eventID, going: !event.isGoing, token: session.token)
            }
            turn += 1
        }
    }
}
