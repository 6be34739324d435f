import AgoraArchitecture
import AgoraDI

/// The time and place every feature reads.
struct EnvironmentAssembly: Assembly {
    let environment: AgoraEnvironment

    func assemble(container: Container) {
        let environment = self.environment
        container.register(AgoraEnvironment.self) { _ in environment }
    }
}
