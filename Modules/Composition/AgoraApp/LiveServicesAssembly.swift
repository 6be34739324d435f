import AgoraAPI
import AgoraDI
import AgoraLive
import Foundation

/// Live mode's API: agora-server's at `baseURL` over HTTP, which each feature's live service
/// asks; ``ServiceMode/live``, by which each feature picks its live service; and the trace, which
/// each feature's service is wrapped in.
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
        container.register((any ServiceType).self, instance: live)
        container.register(ServiceMode.self, instance: .live)
        container.register(ServiceRequestTrace.self, instance: trace)
    }
}
