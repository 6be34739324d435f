import AgoraAPI
import AgoraArchitecture
import AgoraMocks
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import Comments
@testable import CommentsREPL

@MainActor
@Suite("Comments screen")
struct CommentsScreenTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    let world = CommentsWorld()

    /// Keeps the coordinators alive as the REPL's stack does, so their screens' navigation goes
    /// somewhere.
    let coordinators = CoordinatorStack()

    /// The comments screen of `eventID`, shown and loaded.
    func show(eventID: Event.ID = CommentsFixtures.twoPageEventID, sessions: SessionStore = .test()) async throws -> any Screen {
        let dependency = world.dependency(sessions: sessions)
        let coordinator = CommentsCoordinator(eventID: eventID, dependency: dependency, navigator: navigator)
        coordinators.push(coordinator)
        let screen = try CommentsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        return screen
    }

    func run(_ screen: any Screen, _ command: String, _ arguments: String...) async throws {
        console.clear()
        try screen.perform(command, arguments: arguments)
        await screen.work.waitUntilIdle()
    }

    @Test("when shown, then a title, the column titles and a row per comment; `more` prints only the new rows, then says it is all")
    func tableAndPages() async throws {
        let screen = try await show()
        let first = CommentsFixtures.firstPage(eventID: CommentsFixtures.twoPageEventID).items[0]

        #expect(console.lines.count == 22)
        #expect(console.lines[0] == "Comments, newest first (20 shown; `more` shows older ones)")
        #expect(console.lines[1].hasPrefix(" #  Who "))
        #expect(console.lines[1].hasSuffix("Comment"))
        #expect(console.lines[2].hasPrefix(" 1  \(first.author.name) "))
        #expect(console.lines[2].hasSuffix(first.body))

        try await run(screen, "more")
        #expect(console.lines.count == 6)
        #expect(console.lines.first?.hasPrefix("21  ") == true)

        try await run(screen, "more")
        #expect(console.lines == ["No more comments: all 26 are shown."])
    }

    @Test("given the event seen on this device, when its comments are shown, then the title names it; an event never seen is not named")
    func titleNamesTheEvent() async throws {
        let event = try #require(MockData.test.event(id: CommentsFixtures.twoPageEventID))
        await world.events.store(event)

        _ = try await show()
        #expect(console.lines[0] == "Comments on \(event.title), newest first (20 shown; `more` shows older ones)")

        console.clear()
        _ = try await show(eventID: CommentsFixtures.busyEventID)
        #expect(console.lines[0].hasPrefix("Comments, newest first"))
    }

    @Test("given an event with no comments, when shown, then it invites the first comment")
    func emptyState() async throws {
        _ = try await show(eventID: CommentsFixtures.quietEventID)

        #expect(console.lines == ["No comments yet. Be the first: `post <text>`."])
    }

    @Test("when `post` with several words, then they are joined by single spaces; a quoted argument keeps its spaces")
    func postJoinsWords() async throws {
        let screen = try await show(sessions: .test(.demo()))

        try await run(screen, "post", "See", "you", "there!")
        try await run(screen, "post", "  spaced   out  ")

        #expect(world.changes.requests == ["post 'See you there!' on 2 as 1", "post 'spaced   out' on 2 as 1"])
    }

    @Test("given a post that fails, then the row is marked not sent with an error naming retry and discard; retry posts it")
    func failedPostAndRetry() async throws {
        let refusal = ServiceError.forbidden("post on this event yet")
        world.changes.fail(request: 0, with: refusal)
        let screen = try await show(sessions: .test(.demo()))

        try await run(screen, "post", "Hello")

        // Each change is its row under the header: the new row on top (the rows below said to move
        // down), then the same row failed.
        #expect(console.lines.count == 6, "\(console.lines)")
        #expect(console.lines[0].hasPrefix(" #  Who "))
        #expect(console.lines[1].hasSuffix("(sending…) Hello"), "got \(console.lines[1])")
        #expect(console.lines[2].hasPrefix("Row 1 is new: the rows shown before are now 2–"))
        #expect(console.lines[3] == console.lines[0])
        #expect(console.lines[4].hasPrefix(" 1  Alice Martin "))
        #expect(console.lines[4].hasSuffix("(not sent) Hello"), "got \(console.lines[4])")
        #expect(console.lines.last == "error: Comment 1 was not sent: \(refusal.description) Type `retry 1` or `discard 1`.")

        try await run(screen, "retry", "1")

        #expect(console.lines.count == 5, "\(console.lines)")
        #expect(console.lines[1].hasSuffix("(sending…) Hello"))
        #expect(console.lines[3].hasPrefix(" 1  Alice Martin (you) "))
        #expect(console.lines[3].hasSuffix("  Hello"))
        #expect(console.lines[4] == "Comment posted.")
    }

    @Test("given the server unreachable, when `post`, then the row is marked queued with a note (not an error); `retry` alone sends it when the server is back")
    func queuedPostAndRetry() async throws {
        world.changes.fail(request: 0, with: .offline)
        let screen = try await show(sessions: .test(.demo()))

        try await run(screen, "post", "Hello")

        #expect(console.lines[4].hasSuffix("(queued) Hello"), "got \(console.lines)")
        #expect(
            console.lines.last
                == "Comment 1 is queued, to be sent when the server is back: \(ServiceError.offline.description) Type `retry 1` to send it now or `discard 1` to drop it."
        )
        #expect(!console.lines.contains { $0.hasPrefix("error:") })

        try await run(screen, "retry")

        #expect(console.lines.count == 6, "\(console.lines)")
        #expect(console.lines[1].hasSuffix("(sending…) Hello"))
        #expect(console.lines[2] == "Sending 1 queued comment…")
        #expect(console.lines[4].hasPrefix(" 1  Alice Martin (you) "))
        #expect(console.lines[5] == "Comment posted.")
        try await run(screen, "retry")
        #expect(console.lines == ["No comment is queued; `retry <row>` sends a comment that was not sent."])
    }

    @Test("given a post waiting for a login, when the screen reappears without one, then it is reprinted as not sent with what to do")
    func reappearWithoutLogin() async throws {
        let screen = try await show()
        try await run(screen, "post", "Hello")
        #expect(navigator.opened == [.login])
        #expect(console.lines.count == 3, "the new row under the header, not the table again: \(console.lines)")
        #expect(console.lines.first?.hasPrefix(" #  Who ") == true)
        #expect(console.lines[1].hasSuffix("(waiting for login) Hello") == true)
        #expect(console.lines.last?.hasPrefix("Row 1 is new: ") == true)

        console.clear()
        screen.reappear()

        #expect(console.lines.count == 24)
        #expect(console.lines[0] == "Comments, newest first (21 shown; `more` shows older ones)")
        #expect(console.lines[2].hasPrefix(" 1  You "))
        #expect(console.lines[2].hasSuffix("(not sent) Hello"))
        #expect(console.lines.last == "Comment 1 was not sent: you did not log in. Type `retry 1` or `discard 1`.")

        try await run(screen, "discard", "1")
        #expect(console.lines.first == "Comments, newest first (20 shown; `more` shows older ones)")
        #expect(console.lines.last == "Comment discarded.")
    }

    @Test("when a row command names a row that is not there, then it is refused with the range, and nothing happens")
    func badRows() async throws {
        let screen = try await show(sessions: .test(.demo()))

        for command in ["retry", "discard", "delete"] {
            #expect(throws: CommandError("Expected a row number from 1 to 20, got '21'.")) {
                try screen.perform(command, arguments: ["21"])
            }
            #expect(throws: CommandError("Expected a row number from 1 to 20, got '0'.")) {
                try screen.perform(command, arguments: ["0"])
            }
            #expect(throws: CommandError("Expected a row number from 1 to 20, got 'first'.")) {
                try screen.perform(command, arguments: ["first"])
            }
        }
        #expect(world.changes.requests.isEmpty)
        #expect(navigator.opened.isEmpty)
    }

    @Test("given no rows yet, when a row command is used, then it says there are none; an unknown command is named")
    func noRowsAndUnknownCommand() async throws {
        let screen = try await show(eventID: CommentsFixtures.quietEventID)

        #expect(throws: CommandError("There are no rows to choose from yet.")) {
            try screen.perform("delete", arguments: ["1"])
        }
        #expect(throws: CommandError("The comments screen has no command 'fnord'.")) {
            try screen.perform("fnord", arguments: [])
        }
    }

    @Test("`post` takes the rest of the line as one argument; the row commands one; the others none")
    func arities() async throws {
        let screen = try await show()
        let arity = Dictionary(uniqueKeysWithValues: screen.commands.map { ($0.name, $0.arity) })

        #expect(arity["post"] == 1...1)
        #expect(screen.commands.first { $0.name == "post" }?.argumentStyle == .restOfLine)
        #expect(arity["retry"] == 0...1, "`retry` alone sends every queued comment")
        #expect(arity["discard"] == 1...1)
        #expect(arity["delete"] == 1...1)
        #expect(arity["more"] == 0...0)
        #expect(arity["refresh"] == 0...0)
        #expect(arity["event"] == 0...0)
    }

    @Test(
        "TAB after a row command offers only the rows it applies to: every row for show, none of others' comments for delete, no posted one for retry or discard"
    )
    func completions() async throws {
        let screen = try await show()

        #expect(screen.completions(forArgumentOf: "show") == (1...20).map(String.init))
        #expect(screen.completions(forArgumentOf: "retry").isEmpty, "nothing of the user's is unsent")
        #expect(screen.completions(forArgumentOf: "discard").isEmpty)
        #expect(screen.completions(forArgumentOf: "delete").isEmpty, "logged out, nothing is the user's")
        #expect(screen.completions(forArgumentOf: "post").isEmpty)
        #expect(screen.completions(forArgumentOf: "more").isEmpty)
    }

    @Test("given a post queued while the server is unreachable, when TAB follows retry, discard or delete, then the queued row is offered, and no other")
    func completionsOfAnUnsentRow() async throws {
        world.changes.fail(request: 0, with: .offline)
        let screen = try await show(sessions: .test(.demo()))
        try await run(screen, "post", "Hello")

        #expect(screen.completions(forArgumentOf: "retry") == ["1"])
        #expect(screen.completions(forArgumentOf: "discard") == ["1"])
        #expect(screen.completions(forArgumentOf: "delete").first == "1")
        #expect(screen.completions(forArgumentOf: "show").count == 21)
    }

    @Test("when `delete` on your own row, then it is deleted and the table is printed again")
    func deleteOwnRow() async throws {
        let screen = try await show(eventID: CommentsFixtures.busyEventID, sessions: .test(.demo()))
        let row = CommentsFixtures.aliceRow + 1

        try await run(screen, "delete", String(row))

        #expect(world.changes.requests.count == 1)
        #expect(console.lines.first == "Comments, newest first (19 shown; `more` shows older ones)")
        #expect(console.lines.last == "Comment deleted.")
    }

    @Test("given a comment posted on top, when `delete n` for your row, then the comment printed as n since is deleted, by its id")
    func deleteNamesTheRowAsPrintedAfterRowsMoved() async throws {
        let screen = try await show(eventID: CommentsFixtures.busyEventID, sessions: .test(.demo()))
        let alice = CommentsFixtures.firstPage().items[CommentsFixtures.aliceRow]
        try await run(screen, "post", "On top")
        let printedAs = CommentsFixtures.aliceRow + 2
        #expect(console.lines.contains { $0.hasPrefix(" 1  ") && $0.hasSuffix("On top") }, "the new row was printed as 1: \(console.text)")
        let posted = world.changes.requests.count

        try await run(screen, "delete", String(printedAs))

        #expect(world.changes.requests.dropFirst(posted).elementsEqual(["delete \(alice.id) as 1"]), "\(world.changes.requests)")
        #expect(console.lines.last == "Comment deleted.")
    }
}
