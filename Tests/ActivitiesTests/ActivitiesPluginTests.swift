@testable import Activities
import Testing

@MainActor
@Suite("Activities plugin")
struct ActivitiesPluginTests {
    @Test("the plugin names its feature")
    func name() {
        #expect(ActivitiesPlugin().name == "Activities")
    }
}
