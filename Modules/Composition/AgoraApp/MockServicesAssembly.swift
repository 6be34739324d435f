import AgoraAPI
import AgoraArchitecture
import AgoraCache
import AgoraDI
import AgoraMocks
import AgoraModels

/// OSS mode's services: `MockService` and in-memory caches. Nothing here opens a connection.
struct MockServicesAssembly: Assembly {
    let service: MockService

    func assemble(container: Container) {
        let service = self.service
        container.register((any ServiceType).self, scope: .container) { _ in service }
        container.register((any ListCache<Event>).self, scope: .container) { _ in InMemoryListCache<Event>() }
        container.register((any ListCache<Comment>).self, scope: .container) { _ in InMemoryListCache<Comment>() }
        container.register((any ListCache<Activity>).self, scope: .container) { _ in InMemoryListCache<Activity>() }
    }
}
