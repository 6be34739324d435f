import AgoraArchitecture
import AgoraDI
import AgoraTestSupport
import Testing

@MainActor
@Suite("ApplicationCoordinator")
struct ApplicationCoordinatorTests {
    func makeCoordinator(plugins: [any FeaturePlugin] = [FakePlugin()]) -> ApplicationCoordinator {
        ApplicationCoordinator(plugins: plugins, resolver: Container())
    }

    @Test("given a plugin for the route, when it is presented, then a presentation with that route is pushed")
    func presentPushes() throws {
        let app = makeCoordinator()
        let routes = Recorder(app.stack.map { $0.map(\.route) })

        let viewModel = try app.present(.events)
        try app.present(.event(id: 3))

        routes.assertValues([[], [.events], [.events, .event(id: 3)]])
        #expect(app.top?.route == .event(id: 3))
        #expect(app.stack.value.first?.viewModel === viewModel)
        #expect((viewModel as? FakeViewModel)?.route == .events)
        #expect((app.stack.value.first?.coordinator as? FakeCoordinator)?.startCount == 1)
    }

    @Test("given a route under the top screen, when it is presented, then the stack goes back to it rather than stacking a second copy")
    func routeUnderTheTopGoesBack() throws {
        let app = makeCoordinator()
        let first = try app.present(.events)
        try app.present(.event(id: 3))
        try app.present(.event(id: 5))

        let shown = try app.present(.event(id: 3))

        #expect(app.stack.value.map(\.route) == [.events, .event(id: 3)])
        #expect(shown === app.stack.value[1].viewModel)
        #expect(app.stack.value[0].viewModel === first)
    }

    @Test("given the top's own route, when it is presented again, then a fresh ViewModel takes its place: loaded again, not stacked")
    func topRouteIsReplaced() throws {
        let app = makeCoordinator()
        try app.present(.events)
        let before = try app.present(.event(id: 3))

        let after = try app.present(.event(id: 3))

        #expect(app.stack.value.map(\.route) == [.events, .event(id: 3)])
        #expect(after !== before)
        #expect(app.top?.viewModel === after)
    }

    @Test("given a presented route, when its coordinator was made, then it got the app as navigator")
    func coordinatorGetsContext() throws {
        let app = makeCoordinator()

        try app.present(.events)

        let coordinator = try #require(app.top?.coordinator as? FakeCoordinator)
        #expect(coordinator.context.navigator === app)
        #expect(coordinator.route == .events)
    }

    @Test("given a route no plugin handles, when it is opened, then noFeature is a failure and the stack is unchanged")
    func openUnknownRouteFails() throws {
        let app = makeCoordinator()
        try app.present(.events)
        let failures = Recorder(app.failures)

        app.open(.login)

        failures.assertValues([.noFeature(.login)])
        #expect(app.stack.value.map(\.route) == [.events])
    }

    @Test("given a route a plugin handles, when it is opened, then it is pushed and no failure is sent")
    func openKnownRoutePushes() {
        let app = makeCoordinator()
        let failures = Recorder(app.failures)

        app.open(.event(id: 8))

        failures.assertDidNotEmitValue()
        #expect(app.stack.value.map(\.route) == [.event(id: 8)])
    }

    @Test("given a route no plugin handles, when it is presented, then it throws noFeature")
    func presentUnknownRouteThrows() {
        let app = makeCoordinator()

        #expect(throws: NavigationError.noFeature(.activities)) {
            try app.present(.activities)
        }
        #expect(app.stack.value.isEmpty)
    }

    @Test("given one screen, when it is dismissed, then the stack is empty; dismissing again does nothing")
    func dismissClosesTheLastScreen() throws {
        let app = makeCoordinator()
        try app.present(.events)

        app.dismiss()
        app.dismiss()

        #expect(app.stack.value.isEmpty)
    }

    @Test("given three screens, when back is called repeatedly, then it pops but never below one screen")
    func backStopsAtOneScreen() throws {
        let app = makeCoordinator()
        app.back()
        #expect(app.stack.value.isEmpty, "back on an empty stack does nothing")
        try app.present(.events)
        try app.present(.event(id: 1))
        try app.present(.event(id: 2))

        app.back()
        #expect(app.stack.value.map(\.route) == [.events, .event(id: 1)])
        app.back()
        app.back()
        app.back()

        #expect(app.stack.value.map(\.route) == [.events])
    }

    @Test("given a plugin whose coordinator cannot be made, when its route is opened, then featureFailed names the feature")
    func brokenPluginFails() {
        let app = makeCoordinator(plugins: [FakePlugin(name: "Broken", isBroken: true)])
        let failures = Recorder(app.failures)

        app.open(.event(id: 5))

        failures.assertValues([
            .featureFailed(feature: "Broken", route: .event(id: 5), reason: "the fake feature is broken")
        ])
        #expect(app.stack.value.isEmpty)
    }

    @Test("given two plugins for the same route, when it is presented, then the first one in the list is used")
    func firstPluginWins() throws {
        let app = makeCoordinator(plugins: [FakePlugin(name: "First"), FakePlugin(name: "Second", isBroken: true)])

        try app.present(.events)

        #expect(app.plugin(for: .events)?.name == "First")
        #expect(app.stack.value.count == 1)
    }
}
