extension Container {
    /// Registers `instance`, made outside the container, for `type` under `name`: every resolve
    /// hands out that one instance, and listings say so rather than calling it transient.
    ///
    /// ```swift
    /// container.register(AgoraEnvironment.self, instance: environment)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type callers resolve.
    ///   - name: Distinguishes several registrations of one type; `nil` for the unnamed one.
    ///   - instance: What every resolve returns.
    public func register<Service: Sendable>(_ type: Service.Type, name: String? = nil, instance: Service) {
        add(ServiceKey(type, name: name), scope: .container, provision: .instance) { _ in instance }
    }

    /// Registers `type` as another view of the instance `target` resolves to: one object seen
    /// through several protocols, each resolve of `type` handing out whatever `target`'s
    /// registration hands out, shared or new as its scope says.
    ///
    /// ```swift
    /// container.register(EventsUseCase.self, scope: .container) { resolver in … }
    /// container.register((any EventsFetchable).self, forwardingTo: EventsUseCase.self) { $0 }
    /// ```
    ///
    /// `target` is resolved from the container that was asked, so a child's override of it applies.
    ///
    /// - Parameters:
    ///   - type: The type callers resolve, usually a protocol `target` conforms to.
    ///   - name: Distinguishes several registrations of `type`; `nil` for the unnamed one.
    ///   - target: The registered type whose instance is handed out.
    ///   - targetName: The name `target` is registered under; `nil` for the unnamed one.
    ///   - view: Turns `target`'s instance into `type`; `{ $0 }` for a conformance.
    public func register<Service: Sendable, Target: Sendable>(
        _ type: Service.Type, name: String? = nil, forwardingTo target: Target.Type, named targetName: String? = nil,
        as view: @escaping @Sendable (Target) -> Service
    ) {
        let targetKey = ServiceKey(target, name: targetName)
        // Transient: nothing is kept here, so the target's own scope alone decides sharing.
        add(ServiceKey(type, name: name), scope: .transient, provision: .forwarding(to: targetKey)) { resolver in
            try view(resolver.resolve(target, name: targetName))
        }
    }
}
