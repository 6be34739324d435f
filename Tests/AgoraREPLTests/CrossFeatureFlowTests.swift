import AgoraAPI
import AgoraApp
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// Flows that cross features, driven through the REPL's commands and checked on the
/// ApplicationCoordinator's stack and the mock backend's state (not on printed text).
@MainActor
@Suite("Cross-feature flows through the ApplicationCoordinator")
struct CrossFeatureFlowTests {
    let console = BufferConsole()
    let session: REPLSession

    init() throws {
        session = try REPLSession(configuration: Transcript.configuration, console: console)
    }

    var routes: [Route] { session.application.coordinator.stack.value.map(\.route) }
    var service: MockService { session.application.configuration.mockService }

    @discardableResult
    func run(_ lines: String...) async -> [CommandOutcome] {
        var outcomes: [CommandOutcome] = []
        for line in lines { outcomes.append(await session.execute(line)) }
        return outcomes
    }

    func comments(on eventID: Event.ID) async throws -> [AgoraModels.Comment] {
        try service.backend.commentsPage(CommentsRequest(eventID: eventID, limit: 100)).items
    }

    @Test("Events → Comments → login → the comment is posted once, and the user is back on the comments")
    func postAfterLogin() async throws {
        await run("open agora://events", "open 2", "comments")
        #expect(routes == [.events, .event(id: 2), .eventComments(eventID: 2)])

        await run("post Count me in!")
        #expect(routes.last == .login)
        #expect(try await comments(on: 2).contains { $0.body == "Count me in!" } == false)

        let outcomes = await run("email carol@agora.example", "password agora-demo", "submit")

        #expect(outcomes == [.succeeded, .succeeded, .succeeded])
        #expect(routes == [.events, .event(id: 2), .eventComments(eventID: 2)])
        let posted = try await comments(on: 2).filter { $0.body == "Count me in!" }
        #expect(posted.count == 1)
        #expect(posted.first?.author == Author(id: 3, name: "Carol Nguyen"))
    }

    @Test("given an event's comments opened from the event, when `event` is typed, then the user is back on that event, not on a second copy of it")
    func eventFromCommentsGoesBack() async {
        await run("open agora://events", "open 2", "comments")

        #expect(await run("event") == [.succeeded])

        #expect(routes == [.events, .event(id: 2)])
    }

    @Test("given the login screen, when `login` is typed again, then there is still one login screen")
    func loginOnLoginDoesNotStack() async {
        await run("open agora://events", "login")

        await run("login")

        #expect(routes == [.events, .login])
    }

    @Test("Events → RSVP → login cancelled → back on the event, logged out, nothing sent")
    func rsvpCancelled() async throws {
        await run("open agora://events/7", "rsvp")
        #expect(routes == [.event(id: 7), .login])

        await run("cancel")

        #expect(routes == [.event(id: 7)])
        #expect(session.application.sessions.user == nil)
        #expect(try service.backend.event(id: 7, viewer: nil).attendeeCount == MockData.test.event(id: 7)?.attendeeCount)
    }

    @Test("Activities → a comment activity → that event's comments, by route")
    func activityOpensComments() async throws {
        await run("login", "email alice@agora.example", "password agora-demo", "submit", "open agora://activities")
        #expect(routes == [.activities], "the login screen closed after the login")

        let feed = MockData.test.activities(for: 1)
        let row = try #require(feed.firstIndex { $0.kind == .commented })
        await run("open \(row + 1)")

        #expect(routes.last == .eventComments(eventID: feed[row].eventID))
    }

    @Test("Activities logged out → login from the feed → the feed loads after the login")
    func activitiesLogin() async throws {
        await run("open agora://activities")
        #expect(session.application.sessions.user == nil)

        await run("login", "email alice@agora.example", "password agora-demo", "submit")

        #expect(routes.last == .activities)
        #expect(session.application.sessions.user?.id == 1)
        console.clear()
        await run("more")
        #expect(!console.lines.contains { $0.hasPrefix("error:") })
    }
}
