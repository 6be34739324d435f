import AgoraApp
import AgoraArchitecture
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// What the REPL says in live mode: which server, how to start it, and nothing from the OSS demo.
@MainActor
@Suite("Live mode's messages")
struct LiveModeMessagesTests {
    /// Port 9 (discard) on this machine: nothing listens, a connection is refused at once.
    static let server = "http://127.0.0.1:9"
    let console = BufferConsole()

    func session(_ mode: AppMode) throws -> REPLSession {
        // In memory: no session file or cache is written.
        try REPLSession(configuration: AppConfiguration(mode: mode, apiBaseURL: Self.server), console: console)
    }

    @Test("given live mode, then the banner names the server; in OSS mode it names none")
    func banner() throws {
        #expect(try session(.live).banner.hasPrefix("Agora \(AgoraVersion.current) (live mode, server \(Self.server))."))
        #expect(try session(.oss).banner.hasPrefix("Agora \(AgoraVersion.current) (oss mode)."))
    }

    @Test("given live mode and no server, when a screen loads, then the error names the server and how to start it or point elsewhere")
    func unreachable() async throws {
        let session = try session(.live)

        #expect(await session.execute("open agora://events") == .failed)

        #expect(
            console.text.contains(
                "error: The server at \(Self.server) cannot be reached: start it with `Scripts/agora-server --seed demo`, or set AGORA_SERVER_URL to where it runs."
            ), "\(console.text)")
    }

    @Test("given live mode, when help login and env, then no demo password and no OSS client id are shown, and env names the server")
    func noDemoSecrets() async throws {
        let session = try session(.live)

        _ = await session.execute("help login")
        _ = await session.execute("env")

        #expect(!console.text.contains("agora-demo"), "\(console.text)")
        #expect(!console.text.contains("agora-oss"), "\(console.text)")
        #expect(console.lines.contains { $0.hasPrefix("server") && $0.hasSuffix(Self.server) }, "\(console.text)")
    }

    @Test("given OSS mode, when help login, then it offers the demo account")
    func demoAccountInOSS() async throws {
        let session = try session(.oss)

        _ = await session.execute("help login")

        #expect(console.text.contains("demo: alice@agora.example / agora-demo"), "\(console.text)")
    }
}
