import AgoraAPI
import AgoraChildProcess
import AgoraLive
import AgoraModels
import AgoraServer
import Foundation
import Testing

/// Live mode hears of what concerns the logged-in member over agora-server's stream of their
/// changes, and stops when the session ends.
@Suite("Live service: following the member's own changes")
struct LiveMemberChangesTests {
    @Test(
        "given a real agora-server and Alice's laptop following her changes, when she answers on her phone, Frank goes to her event and leaves it, and she logs out on the laptop, then the laptop hears her answer, the feed entry come and go, and the stream finishes"
    )
    func followsARealServer() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        do {
            try await Self.follow(server)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func follow(_ server: RunningAgoraServer) async throws {
        let service = LiveService(baseURL: server.baseURL, timeout: Hang.bound)
        let laptop = try await login(service, "alice@agora.example")
        let phone = try await login(service, "alice@agora.example")
        let frank = try await login(service, "frank@agora.example")
        let events = try await service.fetchEvents(EventsRequest(limit: 50), viewer: laptop.token).items
        let hosted = try #require(events.first { $0.hostID == laptop.user.id }, "an event Alice hosts")
        let other = try #require(events.first { $0.hostID != laptop.user.id }, "an event Alice does not host")

        let changes = HeardChanges(LiveMemberChanges(baseURL: server.baseURL).changes(signedInWith: laptop.token))
        try await LiveEventChangesTests.waitForOpenStreams(1, on: server.baseURL)

        let answered = try await service.rsvp(eventID: other.id, going: !other.isGoing, token: phone.token)
        #expect(await changes.first(1) == [.answered(answered)], "her answer from the phone, as she sees the event")
        _ = try await service.rsvp(eventID: hosted.id, going: true, token: frank.token)
        let heard = await changes.first(2)
        guard case .feedEntryAdded(let entry)? = heard.last else {
            Issue.record("no feed entry came: \(heard)")
            return
        }
        #expect(entry.kind == .rsvped && entry.eventID == hosted.id && entry.actor?.id == frank.user.id)
        _ = try await service.rsvp(eventID: hosted.id, going: false, token: frank.token)
        #expect(await changes.first(3).last == .feedEntryRemoved(entry.id))

        try await service.logout(laptop.token)
        #expect(await changes.untilFinished().count == 3, "the stream finished with the session, telling nothing more")
    }

    private static func login(_ service: LiveService, _ email: String) async throws -> Session {
        guard case .loggedIn(let session) = try await service.login(LoginCredentials(email: email, password: "agora-demo")) else {
            throw ServiceError.invalidCredentials
        }
        return session
    }
}
