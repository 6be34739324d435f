import AgoraAPI
import AgoraDI
import AgoraMocks

/// OSS mode's service: `MockService`, and ``ServiceMode/oss`` for the features whose own clients
/// pick their mock value by it. Nothing here opens a connection. (The caches come from
/// ``CacheAssembly``, in memory in this mode.)
struct MockServicesAssembly: Assembly {
    let service: MockService

    func assemble(container: Container) {
        let service = self.service
        container.register((any ServiceType).self, scope: .container) { _ in service }
        container.register(ServiceMode.self) { _ in .oss }
    }
}
