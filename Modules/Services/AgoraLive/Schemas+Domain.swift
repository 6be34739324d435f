import AgoraContract
import AgoraModels
import Foundation

// The contract's wire types, turned into domain values. The wire uses 64-bit integers for ids
// and counts; the domain's `Int` is 64 bits on every platform Agora builds for.

extension User {
    init(_ wire: Components.Schemas.User) {
        self.init(id: Int(wire.id), name: wire.name, email: wire.email)
    }
}

extension Author {
    init(_ wire: Components.Schemas.Author) {
        self.init(id: Int(wire.id), name: wire.name)
    }
}

extension Session {
    init(_ wire: Components.Schemas.Session) {
        self.init(token: AccessToken(wire.token), user: User(wire.user))
    }
}

extension TwoFactorChallenge {
    init(_ wire: Components.Schemas.TwoFactorChallenge) {
        self.init(id: wire.challengeID, destination: wire.destination)
    }
}

extension Event {
    init(_ wire: Components.Schemas.Event) {
        self.init(
            id: Int(wire.id), title: wire.title, summary: wire.summary, venue: wire.venue,
            // A zone this machine does not know is told in the member's own, as one not given.
            timeZone: wire.timeZone.flatMap { TimeZone(identifier: $0)?.identifier },
            startsAt: wire.startsAt, endsAt: wire.endsAt, hostID: Int(wire.hostID), hostName: wire.hostName,
            attendeeCount: Int(wire.attendeeCount), attendees: wire.attendees?.map(Author.init),
            commentCount: Int(wire.commentCount), isGoing: wire.isGoing
        )
    }
}

extension Comment {
    init(_ wire: Components.Schemas.Comment) {
        self.init(
            id: Int(wire.id), eventID: Int(wire.eventID), author: Author(wire.author), body: wire.body,
            createdAt: wire.createdAt
        )
    }
}

extension Activity {
    init(_ wire: Components.Schemas.Activity) {
        self.init(
            id: Int(wire.id), kind: Kind(wire.kind), occurredAt: wire.occurredAt, eventID: Int(wire.eventID),
            eventTitle: wire.eventTitle, actor: wire.actor.map(Author.init), commentID: wire.commentID.map { Int($0) },
            excerpt: wire.excerpt, startsAt: wire.startsAt
        )
    }
}

extension Activity.Kind {
    init(_ wire: Components.Schemas.Activity.KindPayload) {
        switch wire {
        case .commented: self = .commented
        case .rsvped: self = .rsvped
        case .startingSoon: self = .startingSoon
        }
    }
}
