import Testing

@MainActor
@Suite("REPL transcripts: commands in, exact text out")
struct TranscriptTests {
    @Test("events: list, next pages, detail, back, end of list")
    func events() async throws {
        try await Transcript(name: "events").verify()
    }

    @Test("bad input: each gets a one-line error and the session goes on")
    func badInput() async throws {
        try await Transcript(name: "bad-input").verify()
    }

    @Test("help: screen commands and global ones")
    func help() async throws {
        try await Transcript(name: "help").verify()
    }

    @Test("auth: login with and without 2FA, wrong password and code, whoami, logout, RSVP resumed after login")
    func auth() async throws {
        try await Transcript(name: "auth").verify()
    }

    @Test("comments: read, post behind a login, refused text, unknown comment numbers, delete, pages")
    func comments() async throws {
        try await Transcript(name: "comments").verify()
    }

    @Test("activities: logged-out and empty states, a feed in pages, rows that open other features")
    func activities() async throws {
        try await Transcript(name: "activities").verify()
    }

    @Test("flows across features: events → comments → login → the comment is posted; activities → comments")
    func flows() async throws {
        try await Transcript(name: "flows").verify()
    }

    @Test("malformed input on every screen: each gets a one-line error and the session keeps its place")
    func malformed() async throws {
        try await Transcript(name: "malformed").verify()
    }
}
