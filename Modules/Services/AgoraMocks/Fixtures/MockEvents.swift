import AgoraModels
import Foundation

/// Generates the upcoming events: a fixed rotation of topics and venues, spread over the months
/// after the reference date. Pure arithmetic on the index, so it is the same on every machine.
enum MockEvents {
    static let topics: [(title: String, summary: String)] = [
        ("Swift on the Server", "Hummingbird, Vapor and what runs in production."),
        ("Modular Apps Workshop", "Split an app into feature modules without a tangle."),
        ("Swift 勉強会", "月例の勉強会。初心者歓迎です。"),
        ("Testing ViewModels", "Inputs, outputs and a recorder for every value."),
        ("Concurrency Office Hours", "Bring your Sendable warnings; leave without them."),
        ("もくもく会 in 渋谷", "静かに各自の作業を進める会です。"),
        ("Design Systems Meetup", "Tokens, components and the people who keep them."),
        ("SQLite Deep Dive", "Indexes, keyset pagination and WAL in practice."),
        ("Accessibility Lab", "Screen readers, contrast and motion, hands on."),
        ("東京 iOS Meetup", "LT 大会と懇親会。"),
        ("Open Source Sprint", "Pick an issue, pair up, send a pull request."),
        ("Coffee & Code", "An informal morning for anyone who writes code."),
    ]

    static let venues = [
        "Community Hall, Room 2", "Riverside Library", "渋谷ヒカリエ 8F", "The Foundry",
        "Online", "University Campus, Lab B", "Harbour Co-working", "梅田スカイビル",
    ]

    /// The time zones of the venues that name their city (Tokyo, Osaka); the others are told in
    /// the member's own.
    static let timeZones = ["渋谷ヒカリエ 8F": "Asia/Tokyo", "梅田スカイビル": "Asia/Tokyo"]

    static func make(
        count: Int, after referenceDate: Date, hosts: [User], commentCount: (Event.ID) -> Int
    ) -> [Event] {
        (1...max(count, 1)).prefix(count).map { index in
            let topic = topics[(index - 1) % topics.count]
            let round = (index - 1) / topics.count + 1
            let day = (index * 5) / 3  // about three events every five days
            let hour = 10 + (index * 7) % 10  // between 10:00 and 19:00 on the venue's clock, UTC's by default
            let venue = venues[(index * 3) % venues.count]
            let offset = timeZones[venue].flatMap(TimeZone.init(identifier:))?.secondsFromGMT() ?? 0
            let startsAt = referenceDate.addingTimeInterval(Double(day * 86_400 + hour * 3_600 - offset))
            let host = hosts[index % hosts.count]
            return Event(
                id: index,
                title: round == 1 ? topic.title : "\(topic.title) #\(round)",
                summary: topic.summary,
                venue: venue,
                timeZone: timeZones[venue],
                startsAt: startsAt,
                endsAt: startsAt.addingTimeInterval(Double((2 + index % 3) * 3_600)),
                hostID: host.id,
                hostName: host.name,
                attendeeCount: (index * 37) % 120 + 3,
                commentCount: commentCount(index)
            )
        }
    }
}
