/// Registers one module's services, so each feature module owns its wiring.
///
/// ```swift
/// struct EventsAssembly: Assembly {
///     func assemble(container: Container) {
///         container.register((any EventsFetchable).self, scope: .container) { _ in LiveEventsFetcher() }
///     }
/// }
/// ```
public protocol Assembly: Sendable {
    /// Registers this module's services in `container`.
    ///
    /// Keep it to registrations: resolving here would depend on the order assemblies are applied.
    func assemble(container: Container)
}
