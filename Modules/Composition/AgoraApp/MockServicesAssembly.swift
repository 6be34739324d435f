import AgoraAPI
import AgoraDI
import AgoraMocks

/// OSS mode's world: `MockService`, whose data, state, latency and clock each feature's mock
/// service answers with; ``ServiceMode/oss``, by which each feature picks its mock; and the
/// trace, which each feature's service is wrapped in. Nothing here opens a connection. (The
/// caches come from ``CacheAssembly``, in memory in this mode.)
struct MockServicesAssembly: Assembly {
    let service: MockService
    /// Where each request is reported while traced.
    let trace: ServiceRequestTrace

    func assemble(container: Container) {
        container.register(ServiceMode.self, instance: .oss)
        container.register(MockService.self, instance: self.service)
        container.register(ServiceRequestTrace.self, instance: trace)
    }
}
