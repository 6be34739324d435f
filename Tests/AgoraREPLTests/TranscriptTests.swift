import Testing

/// Every file in Transcripts/ is a test: the features' sessions (events, auth, comments,
/// activities and any scaffolded one), flows across features, help, bad and malformed input.
@MainActor
@Suite("REPL transcripts: commands in, exact text out")
struct TranscriptTests {
    @Test("the transcripts are there: one per feature and the cross-cutting ones")
    func transcriptsFound() {
        let names = Set(Transcript.names)
        #expect(Set(["events", "auth", "comments", "activities", "flows", "help", "bad-input", "malformed"]).isSubset(of: names))
    }

    @Test("replaying the transcript gives exactly its text", arguments: Transcript.names)
    func replays(name: String) async throws {
        try await Transcript(name: name).verify()
    }
}
