/// A source of services.
///
/// ``Container`` is the resolver you configure. Factories receive a resolver too: one that
/// also remembers the path of the resolution in progress, so a failure deep in a graph names
/// every step that led to it.
///
/// Resolvers are `Sendable`, so any task or thread may resolve. Failures are thrown as
/// ``ResolutionError`` instead of crashing, which matters most after modularising, when a
/// registration can silently move to an assembly that a target no longer loads.
public protocol Resolver: Sendable {
    /// Resolves the registration for `type` (and `name`), or throws naming what is missing and the path that led there.
    ///
    /// `Service` is `Sendable` because only `Sendable` services can be registered: asking for
    /// anything else is a compile-time error rather than a missing registration at run time.
    ///
    /// - Parameters:
    ///   - type: The service type, exactly as it was registered (for example `(any EventsFetchable).self`).
    ///   - name: The registration name, or `nil` for the unnamed registration.
    /// - Returns: An instance produced according to the registration's ``Scope``.
    /// - Throws: ``ResolutionError`` when the service, or anything it depends on, cannot be resolved.
    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service
}

extension Resolver {
    /// Resolves the unnamed registration for `type`.
    ///
    /// The type can be inferred: `let client: APIClient = try resolver.resolve()`.
    ///
    /// - Parameter type: The service type, exactly as it was registered.
    /// - Returns: An instance produced according to the registration's ``Scope``.
    /// - Throws: ``ResolutionError`` when the service, or anything it depends on, cannot be resolved.
    public func resolve<Service: Sendable>(_ type: Service.Type = Service.self) throws(ResolutionError) -> Service {
        try resolve(type, name: nil)
    }
}
