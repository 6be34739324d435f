import AgoraAPI
import AgoraDI
import AgoraMocks

/// OSS mode's service: `MockService`, and ``ServiceMode/oss`` for the features whose own clients
/// pick their mock value by it. Nothing here opens a connection. (The caches come from
/// ``CacheAssembly``, in memory in this mode.)
struct MockServicesAssembly: Assembly {
    let service: MockService
    /// Where each request is reported while traced.
    let trace: ServiceRequestTrace

    func assemble(container: Container) {
        let service = TracedService(self.service, mode: .oss, trace: trace)
        container.register((any ServiceType).self, instance: service)
        container.register(ServiceMode.self, instance: .oss)
    }
}
