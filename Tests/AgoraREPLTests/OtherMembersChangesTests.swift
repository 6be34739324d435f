import AgoraAPI
import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraTestSupport
import Auth
import Comments
import Events
import Testing

@testable import AgoraREPL

/// What another member does on the event the REPL shows: one line says so, and the screen's
/// redrawn rows wait for the next command instead of breaking the line being typed.
@MainActor
@Suite("The REPL and what other members do")
struct OtherMembersChangesTests {
    let console = BufferConsole()

    @Test(
        "given the REPL on event 2's comments and another app of its world, when that app's member posts while a line is read, then nothing is written until the line comes, a notice names the author, and the command shows the new row first"
    )
    func aCommentByAnotherMemberWaitsForTheNextCommand() async throws {
        var configuration = Transcript.configuration
        configuration.followsChanges = true
        let session = try REPLSession(configuration: configuration, console: console)
        let other = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let notices = NoticeLog()
        session.application.onEventChange { eventID, change in
            Task { @MainActor in if let line = session.notice(of: change, on: eventID) { notices.lines.append(line) } }
        }
        _ = await session.execute("open agora://events/2/comments")
        console.clear()
        let comments = try other.container.resolve((any CommentsService).self)
        guard
            case .loggedIn(let carol) = try await other.container.resolve((any AuthService).self).login(
                LoginCredentials(email: "carol@agora.example", password: "agora-demo"))
        else {
            throw ServiceError.invalidCredentials
        }
        var linesWrittenWhileReading: [String]?

        _ = await session.run { _ in
            guard linesWrittenWhileReading == nil else { return nil }
            _ = try? await comments.postComment(CommentDraft(eventID: 2, body: "Is the room accessible?"), token: carol.token)
            // The notice is sent once the comment is in the cache, and the screen redraws when the
            // cache's observation reaches it: two deliveries in either order, both waited for.
            // Bounded: one that never comes fails the test rather than hanging it.
            let deadline = ContinuousClock.now + .seconds(120)
            while notices.lines.isEmpty || session.betweenCommands.heldWrites == 0, ContinuousClock.now < deadline {
                try? await Task.sleep(for: .milliseconds(5))
            }
            linesWrittenWhileReading = console.lines
            return "refresh"
        }

        #expect(linesWrittenWhileReading == [], "the new row waited for the command")
        #expect(notices.lines == ["Carol Nguyen commented on this event: `refresh` shows it."])
        #expect(console.lines.first { $0.contains("Is the room accessible?") }?.hasPrefix(" 1 ") == true)
        #expect(console.lines.contains(ListMessagesText.movedDown))
    }

    @Test(
        "given the REPL on event 2's comments, then a change to another event, or the user's own comment, makes no notice, and the event's counts are said only on the event's screen, its comments only on theirs"
    )
    func noticesAreAboutTheScreenShown() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        _ = await session.execute("open agora://events/2/comments")
        let comment = Comment(id: 99, eventID: 2, author: Author(id: 3, name: "Carol"), body: "x", createdAt: AgoraEnvironment.testReferenceDate)
        var event = try await session.application.container.resolve((any EventsService).self).fetchEvent(id: 2)
        event.attendeeCount = 7

        #expect(session.notice(of: .commentPosted(comment), on: 3) == nil)
        #expect(session.notice(of: .eventChanged(event), on: 2) == nil, "the comments screen shows no count")
        #expect(session.notice(of: .commentDeleted(99), on: 2) == "A comment on this event was deleted: `refresh` shows the thread as it is now.")
        _ = await session.execute("back")
        _ = await session.execute("open agora://events/2")
        #expect(session.notice(of: .eventChanged(event), on: 2) == "This event has 7 members going and \(event.commentCount) comments now.")
        #expect(session.notice(of: .commentDeleted(99), on: 2) == nil, "the event's screen tells the count, which the event's change says")

        for line in ["login", "email carol@agora.example", "password agora-demo", "submit"] { _ = await session.execute(line) }
        #expect(session.application.sessions.user?.id == comment.author.id)
        #expect(session.notice(of: .commentPosted(comment), on: 2) == nil, "the user's own comment")
    }
}

@MainActor
@Suite("The REPL and the user's own feed")
struct OwnFeedChangesTests {
    let console = BufferConsole()

    @Test(
        "given the REPL on the user's feed, then an entry that comes or goes, or changes missed, make one line each, elsewhere none, and an answer from another device none (the user's own comes back the same way)"
    )
    func noticesAreAboutTheFeedShown() async throws {
        let session = try REPLSession(configuration: Transcript.configuration, console: console)
        for line in ["login", "email alice@agora.example", "password agora-demo", "submit"] { _ = await session.execute(line) }
        let entry = Activity(
            id: 500, kind: .rsvped, occurredAt: AgoraEnvironment.testReferenceDate, eventID: 2, eventTitle: "Rooftop Jazz",
            actor: Author(id: 6, name: "Frank"))
        let event = try await session.application.container.resolve((any EventsService).self).fetchEvent(id: 2)
        _ = await session.execute("open agora://events")
        #expect(session.notice(of: .feedEntryAdded(entry)) == nil, "the events' screen does not show the feed")

        _ = await session.execute("open agora://activities")

        #expect(session.notice(of: .feedEntryAdded(entry)) == "Your feed has something new about “Rooftop Jazz”: `refresh` shows it.")
        #expect(session.notice(of: .feedEntryRemoved(500)) == "An entry left your feed: `refresh` shows your feed as it is now.")
        #expect(session.notice(of: .missedSome) == "Your feed changed while agora was not listening: `refresh` shows it as it is now.")
        #expect(session.notice(of: .answered(event)) == nil)
    }
}

@MainActor
private final class NoticeLog {
    var lines: [String] = []
}

private enum ListMessagesText {
    static let movedDown = "Row 1 is new: the rows shown before are now 2–21."
}
