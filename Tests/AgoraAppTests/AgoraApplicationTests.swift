import AgoraAPI
import AgoraApp
import AgoraArchitecture
import AgoraDI
import AgoraLive
import AgoraMocks
import AgoraModels
import AgoraREPL
import AgoraTerminalUI
import AgoraTestSupport
import Auth
import Comments
import Events
import Foundation
import Testing

@MainActor
@Suite("The composition root")
struct AgoraApplicationTests {
    @Test("OSS wiring of every plugin validates: every registration resolves")
    func ossWiringValidates() throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
        try application.container.validate()
        #expect(application.container.registrations.count >= 5)
    }

    @Test("given an app whose every registration was resolved, when its host lets go of it, then its container, session store and services are freed with it")
    func appIsFreedWhole() throws {
        weak var container: Container?
        weak var store: SessionStore?
        weak var application: AgoraApplication?
        do {
            let made = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
            try made.container.validate()
            (container, store, application) = (made.container, made.sessions, made)
        }
        #expect(application == nil)
        #expect(container == nil, "the session store holds no strong reference back to the container")
        #expect(store == nil, "no observer of the store holds the store")
    }

    @Test("OSS mode: each feature's service is its mock, traced, and no client of agora-server is registered")
    func ossUsesMockService() throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
        let events = try #require(try application.container.resolve((any EventsService).self) as? TracedEventsService, "requests are traced")
        #expect(events.base is MockEventsService)
        #expect(events.mode == .oss)
        let comments = try #require(try application.container.resolve((any CommentsService).self) as? TracedCommentsService)
        #expect(comments.base is MockCommentsService)
        #expect(try application.container.resolve(ServiceMode.self) == .oss)
        #expect(throws: (any Error).self, "nothing in OSS mode may reach a server") { try application.container.resolve((any ServiceType).self) }
    }

    @Test("live mode gets the HTTP service for the configured server and the live service mode, and its wiring validates")
    func liveUsesLiveService() throws {
        let configuration = AppConfiguration(mode: .live, apiBaseURL: "http://127.0.0.1:9")
        let application = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        #expect(try application.container.resolve((any ServiceType).self) is LiveService)
        let events = try #require(try application.container.resolve((any EventsService).self) as? TracedEventsService, "requests are traced")
        #expect(events.base is LiveEventsService)
        #expect(events.mode == .live)
        let auth = try #require(try application.container.resolve((any AuthService).self) as? TracedAuthService)
        #expect(auth.base is LiveAuthService)
        #expect(try application.container.resolve(ServiceMode.self) == .live)
        try application.container.validate()
    }

    @Test("live mode with a server address that is not an http URL refuses to start, naming it")
    func liveModeRefusesBadServerURL() {
        for address in ["127.0.0.1:8080", "ftp://example.org", "http://", "not a url"] {
            #expect(throws: AppStartError.invalidServerURL(address)) {
                try AgoraApplication(configuration: AppConfiguration(mode: .live, apiBaseURL: address), plugins: AgoraPlugins.plugins, report: { _ in })
            }
        }
        let message = AppStartError.invalidServerURL("localhost").description
        #expect(message.contains("'localhost'") && message.contains("AGORA_SERVER_URL") && message.contains("http://127.0.0.1:8080"))
    }

    @Test("https:// to any host is a server address, and http:// only to this machine: localhost, 127.0.0.0/8 or ::1")
    func serverAddressScheme() throws {
        for address in [
            "https://agora.example.org", "https://10.0.0.2:8443", "http://localhost:8080", "http://LOCALHOST",
            "http://127.0.0.1:8080", "http://127.255.0.9", "http://[::1]:8080", "http://[0:0:0:0:0:0:0:1]", "HTTP://127.0.0.1",
        ] {
            #expect(try ServerAddress.url(address).absoluteString == address, "\(address)")
        }
    }

    @Test(
        "given http:// to another machine, or to a name that only looks like a loopback address, then the app refuses to start, naming the address and saying to use https://"
    )
    func plainHTTPToAnotherHostRefused() {
        for address in [
            "http://agora.example.org", "http://10.0.0.2:80", "http://128.0.0.1", "http://127.0.0.1.example.org",
            "http://localhost.example.org", "http://127.1", "http://[::2]", "http://[::ffff:127.0.0.1]",
        ] {
            #expect(throws: AppStartError.insecureServerURL(address), "\(address)") { try ServerAddress.url(address) }
            #expect(throws: AppStartError.insecureServerURL(address)) {
                try AgoraApplication(configuration: AppConfiguration(mode: .live, apiBaseURL: address), plugins: AgoraPlugins.plugins, report: { _ in })
            }
        }
        let message = AppStartError.insecureServerURL("http://agora.example.org").description
        #expect(!message.contains { $0.isNewline })
        #expect(message.contains("'http://agora.example.org'") && message.contains("use https://") && message.contains("127.0.0.1"))
        #expect(message.contains("AGORA_SERVER_URL"))
    }

    @Test("AGORA_SERVER_URL wins over the compiled address; empty means unset")
    func serverAddressSelection() {
        #expect(ServerAddress.select(environment: ["AGORA_SERVER_URL": "http://10.0.0.2:80"], secretsURL: "http://a") == "http://10.0.0.2:80")
        #expect(ServerAddress.select(environment: ["AGORA_SERVER_URL": ""], secretsURL: "http://a") == "http://a")
        #expect(ServerAddress.select(environment: [:], secretsURL: "http://a") == "http://a")
    }

    @Test("a test override replaces one registration and keeps the rest")
    func overrides() async throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in }) { container in
            container.register((any EventsService).self) { _ in MockEventsService(fetchEvents: .failure(.offline)) }
        }
        let service = try application.container.resolve((any EventsService).self)
        await #expect(throws: ServiceError.offline) { try await service.fetchEvents(EventsRequest()) }
        try application.container.validate()
    }

    @Test("every destination of every plugin has exactly one owning feature, and each opens: a new feature's links are covered with no edit here")
    func routesOpen() throws {
        let application = try AgoraApplication(configuration: AppConfiguration(mode: .oss), plugins: AgoraPlugins.plugins, report: { _ in })
        let coordinator = application.coordinator
        let routes = coordinator.destinations.map(\.pattern.example)
        #expect(routes.count >= 5)
        for route in routes {
            #expect(coordinator.plugins.filter { $0.handles(route) }.count == 1, "\(route)")
            try coordinator.present(route)
        }
        #expect(coordinator.stack.value.map(\.route) == routes)
        #expect(Set(["Auth", "Events", "Comments", "Activities"]).isSubset(of: coordinator.plugins.map(\.name)))
    }

    @Test("the session restored at start is the one every feature resolves")
    func sessionIsShared() throws {
        let configuration = AppConfiguration(mode: .oss, sessionPersistence: InMemorySessionPersistence(.demo()))
        let application = try AgoraApplication(configuration: configuration, plugins: AgoraPlugins.plugins, report: { _ in })
        let resolved = try application.container.resolve(SessionStore.self)
        #expect(resolved === application.sessions)
        #expect(resolved.user?.email == "alice@agora.example")
    }
}
