import AgoraApp
import AgoraArchitecture
import AgoraModels
import Foundation
import Testing

@Suite("Session file")
struct SessionFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agora-session-\(UInt32.random(in: 0...UInt32.max))")
    let alice = Session(token: AccessToken("oss.1.abc"), user: User(id: 1, name: "Alice Martin", email: "alice@agora.example"))

    var file: SessionFile { SessionFile(url: directory.appendingPathComponent("agora/session-oss.json")) }

    func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("given no file, when loaded, then there is no session and no error")
    func missing() throws {
        #expect(try file.load() == nil)
    }

    @Test("when a session is saved, then it loads back, the file is 0600 and its folder 0700")
    func saveAndLoad() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try file.save(alice)

        #expect(try file.load() == alice)
        #expect(try permissions(file.url) == 0o600)
        #expect(try permissions(file.url.deletingLastPathComponent()) == 0o700)
    }

    @Test("given a saved session, when another is saved, then it replaces it and stays 0600")
    func replace() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try file.save(alice)
        var bob = alice
        bob.user = User(id: 2, name: "Bob Okafor", email: "bob@agora.example")

        try file.save(bob)

        #expect(try file.load() == bob)
        #expect(try permissions(file.url) == 0o600)
    }

    @Test("given a saved session, when removed, then it is gone, and removing again is fine")
    func remove() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try file.save(alice)

        try file.remove()
        try file.remove()

        #expect(try file.load() == nil)
    }

    @Test("given a corrupt file, when loaded, then it throws a one-line error naming the file")
    func corrupt() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: file.url)

        #expect(throws: SessionFileError.corrupt(file.url.path)) { try file.load() }
    }

    @Test("given a corrupt file, when the app starts, then it is logged out with a clear message")
    @MainActor
    func corruptAtStart() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("garbage".utf8).write(to: file.url)

        let store = SessionStore(persistence: file)

        #expect(store.user == nil)
        #expect(
            store.restoreProblem
                == "Could not restore your session (\(file.url.path) is not a session file Agora wrote; log in to replace it); you are logged out.")
    }

    @Test("the file's name follows the mode and, in live mode, the server's origin, under the XDG data directory")
    func pathPerMode() {
        let paths = AgoraPaths(environment: ["HOME": "/home/u", "XDG_DATA_HOME": "/data"])
        #expect(SessionFile(paths: paths, mode: .oss, server: nil).url.path == "/data/agora/session-oss.json")
        #expect(SessionFile(paths: paths, mode: .oss, server: URL(string: "https://agora.example")).url.path == "/data/agora/session-oss.json")
        #expect(
            SessionFile(paths: paths, mode: .live, server: URL(string: "https://agora.example")).url.path
                == "/data/agora/session-live-https-agora.example-443.json")
        #expect(
            SessionFile(paths: paths, mode: .live, server: URL(string: "http://127.0.0.1:8080")).url.path == "/data/agora/session-live-http-127.0.0.1-8080.json"
        )
        #expect(SessionFile(paths: paths, mode: .live, server: URL(string: "http://[::1]:9")).url.path == "/data/agora/session-live-http-__1-9.json")
    }
}
