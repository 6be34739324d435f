@testable import Auth
import Testing

@MainActor
@Suite("Auth plugin")
struct AuthPluginTests {
    @Test("the plugin names its feature")
    func name() {
        #expect(AuthPlugin().name == "Auth")
    }
}
