/// Why a service could not be resolved.
///
/// Every case names the key that failed and, where it applies, the path of resolutions that
/// led to it, outermost first, so a failure deep inside a graph points at the registration
/// to fix instead of at the top-level call.
public enum ResolutionError: Error, Equatable, CustomStringConvertible {
    /// Nothing is registered for the key, in this container or any parent.
    ///
    /// `path` holds the keys being resolved when the missing one was requested, outermost
    /// first; it is empty when the missing key was resolved directly.
    case missingRegistration(ServiceKey, path: [ServiceKey])

    /// A registration depends on itself. The keys run from the first repeated key back to it,
    /// as in `[A, B, C, A]`.
    case cycle([ServiceKey])

    /// The factory for the key threw an error that is not a ``ResolutionError``.
    ///
    /// `path` holds the keys being resolved when the factory ran, outermost first, and
    /// `message` describes the original error.
    case factoryFailed(ServiceKey, path: [ServiceKey], message: String)

    /// A one-line explanation that names the failing key and the path to it.
    public var description: String {
        switch self {
        case .missingRegistration(let key, let path):
            "No registration for \(key)\(Self.trail(path, then: key)). Register it in an Assembly, or check the name."
        case .cycle(let keys):
            "Dependency cycle: \(keys.arrowJoined)"
        case .factoryFailed(let key, let path, let message):
            "Factory for \(key) failed\(Self.trail(path, then: key)): \(message)"
        }
    }

    /// ` (resolving A → B → key)`, or nothing when `key` was resolved directly and the trail would only repeat it.
    private static func trail(_ path: [ServiceKey], then key: ServiceKey) -> String {
        path.isEmpty ? "" : " (resolving \((path + [key]).arrowJoined))"
    }
}
