import AgoraAPI
import AgoraDI
import AgoraMocks

/// OSS mode's service: `MockService`, traced as the shared service; ``ServiceMode/oss``, by which
/// a feature with a service of its own picks its mock; the mock itself, whose data, latency and
/// clock that feature's mock answers with; and the trace, which wraps it. Nothing here opens a
/// connection. (The caches come from ``CacheAssembly``, in memory in this mode.)
struct MockServicesAssembly: Assembly {
    let service: MockService
    /// Where each request is reported while traced.
    let trace: ServiceRequestTrace

    func assemble(container: Container) {
        let service = TracedService(self.service, mode: .oss, trace: trace)
        container.register((any ServiceType).self, instance: service)
        container.register(ServiceMode.self, instance: .oss)
        container.register(MockService.self, instance: self.service)
        container.register(ServiceRequestTrace.self, instance: trace)
    }
}
