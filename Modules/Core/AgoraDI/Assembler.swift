/// Builds a container from assemblies, applied in order.
///
/// A later assembly's registration for a key replaces an earlier one, which is how a test or
/// demo assembly listed last swaps out a live service.
public final class Assembler: Sendable {
    /// The container the assemblies register into.
    public let container: Container

    /// The container, for code that should only resolve.
    public var resolver: any Resolver {
        container
    }

    /// Creates a container and applies `assemblies` to it in order.
    ///
    /// - Parameters:
    ///   - assemblies: The assemblies to apply; later ones override earlier ones.
    ///   - parent: A container to fall back to for keys the assemblies do not register.
    public init(_ assemblies: [any Assembly], parent: Container? = nil) {
        container = Container(parent: parent)
        apply(assemblies)
    }

    /// Applies more assemblies, in order, overriding existing registrations for the same keys.
    ///
    /// - Parameter assemblies: The assemblies to apply.
    public func apply(_ assemblies: [any Assembly]) {
        for assembly in assemblies {
            container.apply(assembly)
        }
    }
}
