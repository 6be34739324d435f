import AgoraAPI
import AgoraChildProcess
import AgoraLive
import AgoraModels
import AgoraServer
import Foundation
import Testing

/// A member's events list says which events they go to; the live client asks for it with their
/// token and keeps each viewer's page apart, so a kept answer never shows one member's RSVPs to
/// someone else.
@Suite("Live service: the events list as its viewer sees it")
struct EventsListViewerTests {
    @Test("given a real agora-server and Alice going to the first event, when she and a stranger read the list twice each, then only hers says so, every time")
    func eachViewerGetsTheirOwnList() async throws {
        let server = try await AgoraServer.start(AgoraServerConfiguration(port: 0, seed: .demo(), bcryptCost: 4, logLevel: .critical))
        do {
            try await Self.readAsEachViewer(LiveService(baseURL: server.baseURL, timeout: Hang.bound))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    private static func readAsEachViewer(_ service: LiveService) async throws {
        guard case .loggedIn(let alice) = try await service.login(LoginCredentials(email: "alice@agora.example", password: "agora-demo")) else {
            throw ServiceError.invalidCredentials
        }
        let first = try #require(try await service.fetchEvents(EventsRequest()).items.first)
        _ = try await service.rsvp(eventID: first.id, going: true, token: alice.token)

        let hers = try await service.fetchEvents(EventsRequest(), viewer: alice.token)
        let anyones = try await service.fetchEvents(EventsRequest())
        let hersAgain = try await service.fetchEvents(EventsRequest(), viewer: alice.token)
        let anyonesAgain = try await service.fetchEvents(EventsRequest(), viewer: nil)

        #expect(hers.items.first { $0.id == first.id }?.isGoing == true)
        #expect(!anyones.items.contains { $0.isGoing })
        #expect(hersAgain == hers)
        #expect(anyonesAgain == anyones)
        #expect(hers.items.map(\.attendeeCount) == anyones.items.map(\.attendeeCount))
    }
}
