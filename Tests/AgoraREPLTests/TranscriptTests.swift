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
}
