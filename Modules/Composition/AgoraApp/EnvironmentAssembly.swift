import AgoraArchitecture
import AgoraDI

/// The time, place and session every feature reads.
struct EnvironmentAssembly: Assembly {
    let environment: AgoraEnvironment
    let sessions: SessionStore

    func assemble(container: Container) {
        container.register(AgoraEnvironment.self, instance: environment)
        container.register(SessionStore.self, instance: sessions)
    }
}
