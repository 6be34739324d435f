import AgoraChildProcess
import AgoraContract
import AgoraMocks
import AgoraServer
import Foundation
import Logging
import Testing

/// The day every test's demo data is computed from, so expected values never depend on today.
let referenceDate = MockData.startOfToday(now: Date(timeIntervalSince1970: 1_790_000_000))
/// The demo data the servers under test are seeded with, to compute what they should answer.
let demoData = MockData(referenceDate: referenceDate)

/// A server under test: in process, on 127.0.0.1 and a port the system picked, with its clock.
struct TestServer {
    let running: RunningAgoraServer
    let client: APIClient
    let clock: ManualClock

    /// The configuration tests start from: demo data of ``referenceDate``, fast bcrypt, quiet
    /// log, a clock an hour after the reference date (after every seeded comment), and a
    /// PostgreSQL that is only ever down when a test stops it (its deadlines are the hang bound).
    static func configuration(clock: ManualClock) -> AgoraServerConfiguration {
        var configuration = AgoraServerConfiguration(
            port: 0,
            seed: .demo(DemoSeed(referenceDate: referenceDate)),
            bcryptCost: 4,
            logLevel: .critical,
            now: { clock.now() }
        )
        configuration.databaseDeadline = Hang.bound
        configuration.databaseStartupDeadline = Hang.bound
        return configuration
    }

    /// Runs `body` against a fresh server and stops the server afterwards, whatever happens.
    ///
    /// - Parameter store: SQLite in memory, or a new PostgreSQL database (``StoreKind``).
    static func with(
        store: StoreKind = .sqlite,
        _ adjust: (inout AgoraServerConfiguration) -> Void = { _ in },
        logger: Logger? = nil,
        _ body: (TestServer) async throws -> Void
    ) async throws {
        let clock = ManualClock(referenceDate.addingTimeInterval(3_600))
        var configuration = configuration(clock: clock)
        configuration.database = try await store.database()
        adjust(&configuration)
        let running = try await AgoraServer.start(configuration, logger: logger)
        let server = TestServer(running: running, client: APIClient(baseURL: running.baseURL), clock: clock)
        do {
            try await body(server)
        } catch {
            await running.stop()
            throw error
        }
        await running.stop()
    }

    /// Logs in an account without two-factor authentication and returns its token.
    func login(_ email: String, password: String = MockData.demoPassword) async throws -> String {
        let response = try await client.post("/v1/sessions", #"{"email":"\#(email)","password":"\#(password)"}"#)
        try #require(response.status == 201, "login of \(email): \(response.status) \(response.text)")
        return try response.decode(Components.Schemas.Session.self).token
    }

    /// Logs Bob in through his two-factor challenge and returns his token.
    func loginBob() async throws -> String {
        let challenge = try await client.post("/v1/sessions", #"{"email":"bob@agora.example","password":"agora-demo"}"#)
        try #require(challenge.status == 202)
        let id = try challenge.decode(Components.Schemas.TwoFactorChallenge.self).challengeID
        let session = try await client.post("/v1/sessions/two-factor", #"{"challengeID":"\#(id)","code":"\#(MockData.twoFactorCode)"}"#)
        try #require(session.status == 201)
        return try session.decode(Components.Schemas.Session.self).token
    }
}

/// The demo accounts by name.
enum Demo {
    static let alice = "alice@agora.example"
    static let bob = "bob@agora.example"
    static let carol = "carol@agora.example"
    static let emi = "emi@agora.example"
    static let dmitri = "dmitri@agora.example"
    static let frank = "frank@agora.example"
}
