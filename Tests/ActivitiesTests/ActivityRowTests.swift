import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTestSupport
import Foundation
import Testing

@testable import Activities

@Suite("Activity rows")
struct ActivityRowTests {
    private let users = MockData.test.users

    @Test("a comment reads as who commented on which event, with the comment quoted, and opens the event's comments")
    func comment() {
        let activity = Activity(
            id: 7, kind: .commented, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 3, eventTitle: "Swift 勉強会",
            actor: Author(users[2]), commentID: 7, excerpt: "Looking forward to this one!"
        )

        let row = ActivityRow(activity: activity, environment: .test())

        #expect(row.id == 7)
        #expect(row.text == "Carol Nguyen commented on Swift 勉強会: “Looking forward to this one!”")
        #expect(row.route == .eventComments(eventID: 3))
    }

    @Test("an RSVP reads as who is going to which event, and opens the event")
    func rsvp() {
        let activity = Activity(
            id: 8, kind: .rsvped, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 4, eventTitle: "Testing ViewModels", actor: Author(users[1]))

        let row = ActivityRow(activity: activity, environment: .test())

        #expect(row.text == "Bob Okafor is going to Testing ViewModels")
        #expect(row.route == .event(id: 4))
    }

    @Test("an event starting soon names the event, and opens it")
    func startingSoon() {
        let activity = Activity(id: 9, kind: .startingSoon, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 12, eventTitle: "Coffee & Code")

        let row = ActivityRow(activity: activity, environment: .test())

        #expect(row.text == "Starting soon: Coffee & Code")
        #expect(row.route == .event(id: 12))
    }

    @Test("an event starting soon is stamped with its start, not with when the reminder was made")
    func startingSoonShowsTheStart() {
        let start = AgoraEnvironment.testReferenceDate.addingTimeInterval(3 * 86_400 + 18 * 3_600)
        let activity = Activity(
            id: 9, kind: .startingSoon, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 12, eventTitle: "Coffee & Code", startsAt: start)

        let row = ActivityRow(activity: activity, environment: .test())

        #expect(row.when.date == start)
    }

    @Test("another activity keeps its own time, whatever start it carries")
    func otherKindsShowWhenTheyHappened() {
        let activity = Activity(
            id: 8, kind: .rsvped, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 4, eventTitle: "Testing ViewModels",
            actor: Author(users[1]), startsAt: AgoraEnvironment.testReferenceDate.addingTimeInterval(86_400))

        #expect(ActivityRow(activity: activity, environment: .test()).when.date == AgoraEnvironment.testReferenceDate)
    }

    @Test("a comment with no excerpt and no actor still reads as a sentence")
    func missingParts() {
        let activity = Activity(id: 10, kind: .commented, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 1, eventTitle: "Swift on the Server")

        #expect(ActivityRow(activity: activity, environment: .test()).text == "Someone commented on Swift on the Server")
    }

    @Test("when it happened is shown in the user's locale and time zone")
    func whenFollowsLocaleAndTimeZone() {
        let activity = Activity(id: 11, kind: .startingSoon, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 1, eventTitle: "Coffee & Code")
        let tokyo = AgoraEnvironment.test(locale: Locale(identifier: "ja_JP"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)

        let utcRow = ActivityRow(activity: activity, environment: .test())
        let tokyoRow = ActivityRow(activity: activity, environment: tokyo)

        #expect(utcRow.when.text == AgoraEnvironment.test().format(AgoraEnvironment.testReferenceDate))
        #expect(utcRow.when.text.contains("Dec 1, 2026"), "got \(utcRow.when.text)")
        #expect(utcRow.when.text.contains("12:00"), "got \(utcRow.when.text)")
        #expect(tokyoRow.when.text.contains("12月1日"), "got \(tokyoRow.when.text)")
        #expect(tokyoRow.when.text.contains("9:00"), "got \(tokyoRow.when.text)")
    }

    @Test("every activity in Alice's fixture feed becomes a row whose route matches its kind")
    func fixtureFeed() {
        for activity in MockData.test.activities(for: 1) {
            let row = ActivityRow(activity: activity, environment: .test())
            switch activity.kind {
            case .commented:
                #expect(row.route == .eventComments(eventID: activity.eventID))
                #expect(row.text.contains(" commented on \(activity.eventTitle)"))
            case .rsvped:
                #expect(row.route == .event(id: activity.eventID))
                #expect(row.text.hasSuffix(" is going to \(activity.eventTitle)"))
            case .startingSoon:
                let event = MockData.test.events.first { $0.id == activity.eventID }
                #expect(row.route == .event(id: activity.eventID))
                #expect(row.text == "Starting soon: \(activity.eventTitle)")
                #expect(event != nil && row.when.date == event?.startsAt, "stamped with the event's start")
                #expect(row.when.date > MockData.test.referenceDate, "an event starting soon has not started")
            }
            #expect(!row.text.hasPrefix("Someone"), "the fixtures name every actor")
        }
    }
}
