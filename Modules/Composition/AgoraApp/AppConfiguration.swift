import AgoraArchitecture
import AgoraDI
import AgoraMocks

/// Everything that makes one run of the app differ from another.
public struct AppConfiguration: Sendable {
    public var mode: AppMode
    public var environment: AgoraEnvironment
    /// The mock used in OSS mode; tests set its endpoints.
    public var mockService: MockService

    public init(mode: AppMode = .oss, environment: AgoraEnvironment = AgoraEnvironment(), mockService: MockService = MockService()) {
        self.mode = mode
        self.environment = environment
        self.mockService = mockService
    }
}
