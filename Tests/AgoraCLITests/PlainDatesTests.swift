import Testing

@Suite("Dates in output that is not a terminal")
struct PlainDatesTests {
    @Test("given output to a pipe, when the events list is printed, then times read `5:00 PM` with a plain space and no narrow or no-break space is written")
    func plainSpaces() async throws {
        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events"], environment: ["LANG": "en_US.UTF-8", "TZ": "UTC"])

        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains(" PM "), "\(result.stdout)")
        #expect(!result.stdout.unicodeScalars.contains("\u{202F}"))
        #expect(!result.stdout.unicodeScalars.contains("\u{A0}"))
    }
}
