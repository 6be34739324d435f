import AgoraAPI
import AgoraDI
import AgoraLive
import Foundation

/// Live mode's service: the HTTP API of agora-server at `baseURL`, traced; ``ServiceMode/live``,
/// by which a feature with a service of its own picks its live one; and the trace, which wraps
/// it.
struct LiveServicesAssembly: Assembly {
    let baseURL: URL
    let timeout: Duration
    /// Where each request is reported while traced.
    let trace: ServiceRequestTrace
    /// On whose behalf requests are made (a proxied visitor, this device).
    let origin: RequestOrigin
    /// A transport shared with other apps of the process, if any; else the service has its own.
    let transport: LiveTransport?

    func assemble(container: Container) {
        let live = LiveService(baseURL: baseURL, transport: transport ?? LiveTransport(timeout: timeout), origin: origin)
        let service = TracedService(live, mode: .live, trace: trace)
        container.register((any ServiceType).self, instance: service)
        container.register(ServiceMode.self, instance: .live)
        container.register(ServiceRequestTrace.self, instance: trace)
    }
}
