/// How long a resolved instance lives, and who shares it.
public enum Scope: Sendable {
    /// A new instance on every resolve.
    ///
    /// A transient registration found in a parent container resolves its dependencies through
    /// the container that was asked, so a child's overrides apply to it.
    case transient

    /// One instance per container that holds the registration, created exactly once even when
    /// many tasks resolve it for the first time at the same moment.
    ///
    /// The instance is created, cached and given its dependencies in the container where it is
    /// registered, so a shared singleton never captures one child container's overrides.
    /// If the factory throws, nothing is cached and the next resolve tries again.
    case container

    /// One shared instance for as long as something else holds a strong reference to it;
    /// once released, the next resolve creates a new one.
    ///
    /// Like ``container``, the instance lives in, and resolves its dependencies from, the
    /// container where it is registered. Only class instances can be held weakly: for value
    /// types this scope behaves like ``transient``. Concurrent first resolves may each run the
    /// factory; all of them receive the instance that was stored first.
    case weak
}

extension Scope {
    /// Whether one instance is handed to many resolvers, which decides the container it is built in.
    var sharesInstances: Bool {
        self != .transient
    }
}
