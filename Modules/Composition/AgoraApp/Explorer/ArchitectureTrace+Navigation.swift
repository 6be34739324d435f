import AgoraArchitecture

/// What the trace says of a change of the stack: the hop, as the coordinator made it.
extension ArchitectureTrace {
    /// A screen on the stack as it was traced: its ViewModel's identity and its route.
    struct TracedScreen: Equatable {
        let viewModel: ObjectIdentifier
        let route: Route

        init(_ presentation: ApplicationCoordinator.Presentation) {
            viewModel = ObjectIdentifier(presentation.viewModel)
            route = presentation.route
        }
    }

    /// The hop from `old` to `new`, in one line: a push names the route, the plugin that owns it,
    /// the coordinator it made and the ViewModel that coordinator started
    /// (`push agora://events/3 → Events plugin → EventsCoordinator → EventDetailViewModel`); a
    /// pop names the screen it went back to and the routes it left.
    func navigationHop(from old: [TracedScreen], to new: [ApplicationCoordinator.Presentation]) -> String {
        let kept = zip(old, new.map(TracedScreen.init)).prefix { $0 == $1 }.count
        let popped = old.dropFirst(kept).map(\.route.url)
        let pushed = new.dropFirst(kept).map { presentation in
            let plugin = coordinator.plugin(for: presentation.route).map { "\($0.name) plugin" } ?? "no plugin"
            return
                "\(presentation.route.url) → \(plugin) → \(ArchitectureSnapshot.typeName(presentation.coordinator)) → \(ArchitectureSnapshot.typeName(presentation.viewModel))"
        }
        switch (popped.isEmpty, pushed.isEmpty) {
        case (true, _):
            return "push " + pushed.joined(separator: ", then ")
        case (false, true):
            let destination = new.last.map { "back to \($0.route.url)" } ?? "back to no screen"
            return "pop \(destination), leaving \(popped.reversed().joined(separator: ", "))"
        case (false, false):
            return "replace \(popped.reversed().joined(separator: ", ")) with " + pushed.joined(separator: ", then ")
        }
    }
}
