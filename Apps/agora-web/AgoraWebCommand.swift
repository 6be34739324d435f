import AgoraApp
import AgoraHTTPServing
import AgoraMocks
import AgoraPostgres
import AgoraWeb
import ArgumentParser
import Foundation

/// `agora-web`: the features' web views in a browser; each browser session a small record whose
/// composition is made again whenever it was let go.
@main
struct AgoraWebCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agora-web",
        abstract: "Serve Agora's features as web pages on 127.0.0.1, an app for each browser session.",
        discussion: """
            Prints one line, agora-web: listening on http://127.0.0.1:PORT, once it accepts \
            connections. Each browser session is a small record (its login, its pages, what \
            waits for the server); the most recently used have a composition of their own \
            (container, coordinator, cache), let go when more are needed and made again from \
            the record on the session's next request. A session idle for 30 minutes is \
            forgotten. In OSS mode every session shares one mock backend, as a server.

            Mode: --oss or --live, else AGORA_MODE=oss|live, else Secrets.isOSS (true on a fresh \
            clone). Live mode talks to agora-server at AGORA_SERVER_URL, waiting at most \
            AGORA_REQUEST_TIMEOUT=<ms> (10000 by default) for each answer. AGORA_MOCK_LATENCY=<ms> \
            delays every answer of the OSS mock, as in the REPL; with AGORA_MOCK_ACTIVITY=<s> a \
            simulated member comments or RSVPs every s seconds, so pages can be watched follow \
            what others do without a server.
            """
    )

    @Option(name: .customLong("port"), help: "The port to listen on; 0 picks a free one.")
    var port = 8090

    @Option(
        name: .customLong("allowed-host"),
        help: ArgumentHelp(
            "Also answer requests whose Host names this (any port), besides 127.0.0.1, localhost and [::1]; others get 421. Repeatable.",
            valueName: "name"))
    var allowedHosts: [String] = []

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "A proxy's IP address (IPv4 or IPv6) in front of agora-web: from it, the visitor is the one its --forwarded-header names. Repeatable; none by default.",
            valueName: "address"))
    var trustedProxies: [String] = []

    @Option(
        name: .customLong("forwarded-header"),
        help: ArgumentHelp(
            "The header the trusted proxies write, the only one read: x-forwarded-for (nginx's $proxy_add_x_forwarded_for) or forwarded (RFC 7239).",
            valueName: "header"))
    var forwardedHeader = ForwardingHeader.xForwardedFor.rawValue

    @Option(
        name: .customLong("max-sessions"),
        help: "How many browser sessions (small records) live at once; past it, a reader's makes room first, a member's last.")
    var maxSessions = 20_000

    @Option(name: .customLong("max-sessions-per-address"), help: "How many of them one visitor address may hold.")
    var maxSessionsPerAddress = 100

    @Option(
        name: .customLong("sessions-db"),
        help: ArgumentHelp(
            "Keep the browser sessions in this SQLite file, which other agora-web processes on this machine may share: any of them serves any visitor. In memory by default.",
            valueName: "path"))
    var sessionsDatabase: String?

    @Option(
        name: .customLong("sessions-url"),
        help: ArgumentHelp(
            "Keep the browser sessions in this PostgreSQL database (postgres://USER@HOST:PORT/DATABASE), which agora-web processes on any machine may share.",
            valueName: "url"))
    var sessionsURL: String?

    @Option(
        name: .customLong("max-compositions"),
        help: "How many sessions have a composition at once (each up to a few hundred KiB); the least recently used is let go, and made again when needed.")
    var maxCompositions = 200

    @Option(
        name: .customLong("max-streams-per-session"),
        help: "How many live streams (a page following its changes) one session holds; a newer one replaces the oldest.")
    var maxStreamsPerSession = 4

    @Option(
        name: .customLong("max-streams-per-address"),
        help: "How many live streams one visitor address holds over its sessions; a newer one replaces the oldest.")
    var maxStreamsPerAddress = 16

    @Flag(
        name: .customLong("explorer"),
        help: "Open the explorer (the architecture at work: requests, cache, container) beside every new session's pages.")
    var explorer = false

    @Flag(name: .customLong("oss"), help: "Run on mock services: deterministic data, no network.")
    var oss = false

    @Flag(name: .customLong("live"), help: "Run against agora-server at AGORA_SERVER_URL, else Secrets.apiBaseURL.")
    var live = false

    func validate() throws {
        if oss && live { throw ValidationError("--oss and --live exclude each other: pass one.") }
        guard (0...65_535).contains(port) else { throw ValidationError("--port \(port) is out of range; expected 0...65535 (0 picks a free port).") }
        for name in allowedHosts where HostAllowList.name(name) == nil {
            throw ValidationError(
                "--allowed-host '\(name.prefix(80))' is not a host name; expected a name such as agora.example or an IP address, without port.")
        }
        for address in trustedProxies where IPAddress(address) == nil {
            throw ValidationError("--trusted-proxy '\(address.prefix(80))' is not an IP address; expected an IPv4 or IPv6 address such as 127.0.0.1 or ::1.")
        }
        guard ForwardingHeader(rawValue: forwardedHeader) != nil else {
            throw ValidationError("--forwarded-header '\(forwardedHeader.prefix(80))' is not a forwarding header; expected x-forwarded-for or forwarded.")
        }
        if sessionsDatabase != nil && sessionsURL != nil {
            throw ValidationError("--sessions-db and --sessions-url name two places for the sessions: pass one of them.")
        }
        if let sessionsURL {
            do {
                _ = try PostgresURL(sessionsURL)
            } catch {
                throw ValidationError("--sessions-url: \(error.description)")
            }
        }
        guard maxSessions >= 1 else { throw ValidationError("--max-sessions \(maxSessions) is too small; expected 1 or more.") }
        guard maxSessionsPerAddress >= 1 else {
            throw ValidationError("--max-sessions-per-address \(maxSessionsPerAddress) is too small; expected 1 or more.")
        }
        guard maxCompositions >= 1 else { throw ValidationError("--max-compositions \(maxCompositions) is too small; expected 1 or more.") }
        guard maxStreamsPerSession >= 1 else {
            throw ValidationError("--max-streams-per-session \(maxStreamsPerSession) is too small; expected 1 or more.")
        }
        guard maxStreamsPerAddress >= 1 else {
            throw ValidationError("--max-streams-per-address \(maxStreamsPerAddress) is too small; expected 1 or more.")
        }
    }

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings: WebAppSettings
        do {
            settings = try WebAppSettings(flag: oss ? .oss : live ? .live : nil, environment: environment)
        } catch {
            throw CommandFailure("\(error)", exitCode: .validationFailure)
        }
        let store = try await openStore()
        let simulatedMember: SimulatedMember?
        do {
            simulatedMember = try SimulatedMember.fromEnvironment(environment)
        } catch {
            throw CommandFailure("\(error)", exitCode: .validationFailure)
        }
        // Acts for as long as agora-web runs, in OSS mode's world, which every session shares.
        let activity = simulatedMember.flatMap { member in
            settings.mode == .oss ? Task.detached { [backend = settings.mockService.backend] in await member.act(on: backend) } : nil
        }
        defer { activity?.cancel() }
        let sessions = await WebSessions(
            maximumCount: maxSessions, maximumPerAddress: maxSessionsPerAddress, maximumCompositions: maxCompositions,
            maximumStreamsPerSession: maxStreamsPerSession, maximumStreamsPerAddress: maxStreamsPerAddress, store: store,
            configuration: { settings.configuration() }, opensExplorer: explorer)
        let server = AgoraWebServer(
            port: port, sessions: sessions, allowedHosts: allowedHosts,
            trustedProxies: TrustedProxies(
                trustedProxies.compactMap { IPAddress($0) }, header: ForwardingHeader(rawValue: forwardedHeader) ?? .xForwardedFor))
        do {
            try await server.runUntilSignalled { port in
                // Written whole and unbuffered: a script waits for this one line.
                FileHandle.standardOutput.write(Data("agora-web: listening on http://127.0.0.1:\(port)\n".utf8))
            }
        } catch {
            throw CommandFailure("cannot listen on 127.0.0.1:\(port): \(ListenFailure.reason(error, program: "agora-web"))")
        }
    }

    /// Where the sessions are kept: the file or database the options name, else nowhere but
    /// this process (`nil`).
    private func openStore() async throws -> (any WebSessionStore)? {
        if let sessionsDatabase {
            do {
                return try SQLiteWebSessionStore(path: sessionsDatabase)
            } catch {
                throw CommandFailure("cannot open the sessions database \(sessionsDatabase): \(error)", exitCode: .validationFailure)
            }
        }
        guard let sessionsURL, let url = try? PostgresURL(sessionsURL) else { return nil }
        #if PostgreSQL
        do {
            return try await PostgresWebSessionStore.open(url)
        } catch {
            throw CommandFailure("cannot open the sessions database \(error)", exitCode: .validationFailure)
        }
        #else
        throw CommandFailure(
            "--sessions-url \(url): this agora-web was built without PostgreSQL (the PostgreSQL trait); build it with the default traits, or use --sessions-db",
            exitCode: .validationFailure)
        #endif
    }
}
