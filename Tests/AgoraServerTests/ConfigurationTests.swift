import AgoraServer
import Testing

@Suite("Configuration: out-of-range settings are refused with the setting named")
struct ConfigurationTests {
    @Test(
        "given a setting out of range, when creating a server, then a ConfigurationError names it",
        arguments: [
            "bcrypt-cost", "port", "token-lifetime", "max-body-bytes", "db", "busiest-event-comments", "trusted-proxy", "allowed-host",
            "login-window", "comment-burst", "database-deadline",
        ]
    )
    func refusesOutOfRange(setting: String) async throws {
        var configuration = AgoraServerConfiguration(port: 0, bcryptCost: 4)
        switch setting {
        case "bcrypt-cost": configuration.bcryptCost = 3
        case "port": configuration.port = 70_000
        case "token-lifetime": configuration.tokenLifetime = .milliseconds(500)
        case "max-body-bytes": configuration.maxBodyBytes = 0
        case "db": configuration.database = .file(path: "")
        case "trusted-proxy": configuration.trustedProxies = ["127.0.0.1", "10.0.0.0/8"]
        case "allowed-host": configuration.allowedHosts = ["agora.example:443"]
        case "login-window": configuration.loginThrottling.window = .seconds(86_401)
        case "comment-burst": configuration.commentPosting.burst = 1_000_001
        case "database-deadline": configuration.databaseDeadline = .seconds(601)
        default: configuration.seed = .demo(DemoSeed(busiestEventComments: 10_000_000))
        }

        let error = await #expect(throws: ConfigurationError.self) { try await AgoraServer(configuration: configuration) }

        #expect(error?.setting == setting)
        #expect(error?.description.isEmpty == false)
    }

    @Test("given a port that is taken, when starting a second server on it, then start throws instead of hanging")
    func portInUse() async throws {
        try await TestServer.with { server in
            var configuration = TestServer.configuration(clock: server.clock)
            configuration.port = server.running.port
            configuration.seed = .none

            await #expect(throws: (any Error).self) { try await AgoraServer.start(configuration) }
        }
    }
}
