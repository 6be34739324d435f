import Foundation
import Testing

/// The architecture explorer in live mode: `agora --live` against `agora-server` on a loopback
/// port, as `LiveModeEndToEndTests` run it.
@Suite("Watching the architecture in live mode", .serialized, .timeLimit(.minutes(10)))
struct LiveExplorerTests {
    @Test("given agora --live, when stack, routes, container, resolve and a traced page run, then each answers from the live wiring")
    func explorerCommandsLive() async throws {
        let folder = try ScratchFolder("explorer")
        let server = try ServerProcess(database: folder.file("server.sqlite"), log: folder.file("server.log"))
        defer { server.stop() }
        let agora = LiveAgora(home: folder.file("home"), serverURL: server.baseURL)

        let run = try await agora.run([
            "trace on", "open agora://events", "open 1", "stack", "routes", "container", "resolve EventsFetchable", "quit",
        ])

        #expect(run.status == 0, "\(run.output)")
        #expect(run.stdout.contains("agora://events/1  EventDetailViewModel  EventDetailCoordinator"), "stack:\n\(run.stdout)")
        #expect(run.stdout.contains("agora://events/42/comments  an event's comments"), "routes")
        #expect(run.stdout.contains("LiveServicesAssembly (3):"), "container: the live service's assembly")
        #expect(run.stdout.contains("Resolved EventsFetchable in "), "resolve")
        #expect(run.stderr.contains("request fetchEvents (live, "), "a live request is traced:\n\(run.stderr)")
        #expect(run.stderr.contains("request fetchEvent 1 (live, "))
        #expect(!run.stdout.contains("[trace"), "traces stay off standard output")
    }
}
