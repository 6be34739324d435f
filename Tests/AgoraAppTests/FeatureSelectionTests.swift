import AgoraApp
import AgoraREPL
import Testing

@MainActor
@Suite("agora --feature")
struct FeatureSelectionTests {
    @Test("given Comments, in any letter case, when selected, then Comments and Auth, which it logs in through, are started, and nothing else")
    func commentsAndItsNeeds() throws {
        let names = try FeatureSelection.features(named: "comments").map(\.plugin.name)
        #expect(names == ["Auth", "Comments"])
    }

    @Test("given Auth, which needs nothing, when selected, then it is started alone")
    func authAlone() throws {
        #expect(try FeatureSelection.features(named: "Auth").map(\.plugin.name) == ["Auth"])
    }

    @Test("given an unknown name, when selected, then the one-line error lists the known features")
    func unknownFeature() {
        // Every feature of the app, a scaffolded one too.
        let known = AgoraPlugins.all.map(\.plugin.name)
        #expect(known.starts(with: ["Auth", "Events", "Comments", "Activities"]))
        #expect(throws: FeatureSelection.Problem.unknown("Foo", known: known)) {
            try FeatureSelection.features(named: "Foo")
        }
        let message = FeatureSelection.Problem.unknown("Foo", known: ["Auth", "Events"]).description
        #expect(message == "No feature is named 'Foo'; the features are Auth, Events.")
    }

    @Test("given a feature whose need is not in the app, when selected, then the error names both")
    func missingNeed() {
        let withoutAuth = AgoraPlugins.all.filter { $0.plugin.name != "Auth" }
        #expect(throws: FeatureSelection.Problem.missingDependency(feature: "Events", needs: "Auth")) {
            try FeatureSelection.features(named: "Events", among: withoutAuth)
        }
    }
}
