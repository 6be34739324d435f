import AgoraAPI
import AgoraDI
import AgoraLive
import Foundation

/// Live mode's service: the HTTP API of agora-server at `baseURL`.
struct LiveServicesAssembly: Assembly {
    let baseURL: URL
    let timeout: Duration

    func assemble(container: Container) {
        let service = LiveService(baseURL: baseURL, timeout: timeout)
        container.register((any ServiceType).self, scope: .container) { _ in service }
    }
}
