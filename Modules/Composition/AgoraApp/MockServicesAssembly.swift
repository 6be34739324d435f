import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraMocks

/// OSS mode's services: `MockService` and in-memory caches. Nothing here opens a connection.
struct MockServicesAssembly: Assembly {
    let service: MockService

    func assemble(container: Container) {
        let service = self.service
        container.register((any ServiceType).self, scope: .container) { _ in service }
        container.register((any EventsCache).self, scope: .container) { _ in InMemoryEventsCache() }
    }
}
