import AgoraArchitecture
import AgoraDI

/// The time, place and session every feature reads.
struct EnvironmentAssembly: Assembly {
    let environment: AgoraEnvironment
    let sessions: SessionStore

    func assemble(container: Container) {
        let environment = self.environment
        let sessions = self.sessions
        container.register(AgoraEnvironment.self) { _ in environment }
        container.register(SessionStore.self) { _ in sessions }
    }
}
