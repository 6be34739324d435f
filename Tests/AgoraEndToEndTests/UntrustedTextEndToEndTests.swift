import Foundation
import GRDB
import Testing

/// A hostile server's text, end to end: agora-server's database is given event titles, venues,
/// summaries, member names, comment bodies and feed excerpts that hold terminal escapes (what an
/// older server stored, or what a hostile server sends), and `agora --live` shows all of them —
/// the events list, an event, its comments, an attendee's feed — without one raw byte that would
/// act on the terminal.
@Suite("Untrusted text end to end: a hostile server's text never reaches the terminal raw", .serialized, .timeLimit(.minutes(10)))
struct UntrustedTextEndToEndTests {
    /// Every payload at once: terminal title, clipboard, clear screen, a bare CR, a forged error
    /// line, a bidi override, a C1 CSI, a backspace.
    static let payload = "Hi\u{1B}]0;pwned\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}[2J\rX\nerror: session expired\u{202E}gnp\u{9B}31m\u{08}!"

    /// What a terminal acts on; none may be in agora's output.
    static let forbidden: [(name: String, scalar: Unicode.Scalar)] = [
        ("ESC", "\u{1B}"), ("BEL", "\u{07}"), ("BS", "\u{08}"), ("CR", "\r"), ("U+009B", "\u{9B}"), ("U+202E", "\u{202E}"),
    ]

    @Test(
        "given hostile text in every field agora shows, when a member reads the events, an event, its comments and their feed, then no raw ESC, BEL, BS, CR, U+009B or U+202E is printed and no forged error line starts a line"
    )
    func hostileTextIsShownSafely() async throws {
        let folder = try ScratchFolder("untrusted-text")
        let database = folder.file("server.sqlite")
        // Seeded by the server itself, then stopped and made hostile behind its back.
        try ServerProcess(database: database, log: folder.file("seed.log")).stop()
        let queue = try DatabaseQueue(path: database.path)
        try await queue.write { db in
            let payload = Self.payload
            try db.execute(sql: "UPDATE events SET title = ?, venue = ?, summary = ? WHERE id = 1", arguments: [payload, payload, payload])
            try db.execute(sql: "UPDATE users SET name = ? WHERE name LIKE 'Dmitri%'", arguments: [payload])
            try db.execute(
                sql: """
                    UPDATE comments SET body = ? WHERE id = (SELECT id FROM comments WHERE event_id = 1 ORDER BY created_at DESC, id DESC LIMIT 1)
                    """, arguments: [payload])
            try db.execute(sql: "UPDATE activities SET excerpt = ? WHERE excerpt IS NOT NULL", arguments: [payload])
        }
        try queue.close()
        let server = try ServerProcess(database: database, log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)

        let run = try await agora.run([
            "open agora://events", "open 1", "comments",
            "login", "email alice@agora.example", "password agora-demo", "submit",
            "open agora://activities", "quit",
        ])

        #expect(run.stdout.contains("Upcoming events") && run.stdout.contains("Activity"), "\(run.output)")
        let shown = run.stdout.components(separatedBy: "Hi\u{FFFD}").count - 1
        #expect(shown >= 4, "the payload was shown \(shown) times, marked where controls were removed:\n\(run.output)")
        for (name, scalar) in Self.forbidden {
            #expect(!run.output.unicodeScalars.contains(scalar), "agora printed a raw \(name)")
        }
        #expect(!run.output.split(separator: "\n").contains { $0.hasPrefix("error: session expired") }, "\(run.output)")
    }
}
