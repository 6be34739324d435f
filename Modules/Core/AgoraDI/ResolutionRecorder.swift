import Synchronization

/// Writes down each step of one resolution: what `Container.resolveRecorded(_:)` returns, for
/// the REPL's `resolve`. Carried by the resolution's contexts, so nothing global is shared and an
/// ordinary resolve only checks that it has none.
final class ResolutionRecorder: Sendable {
    private struct Pending {
        var steps: [ResolutionStep] = []
        var started: [ContinuousClock.Instant] = []
        var instancesMadeBefore: [Int?] = []
    }

    private let pending = Mutex(Pending())

    /// A step begins: `key`, `depth` keys below the root. Returns its index for ``end(_:registration:)``.
    func begin(_ key: ServiceKey, depth: Int, registration: any AnyRegistration) -> Int {
        pending.withLock { pending in
            pending.steps.append(
                ResolutionStep(key: key, depth: depth, scope: registration.scope, provision: registration.provision, assembly: registration.assembly))
            pending.started.append(.now)
            pending.instancesMadeBefore.append(registration.instancesMadeCount)
            return pending.steps.count - 1
        }
    }

    /// The step at `index` ended (its instance made or found, or an error thrown).
    func end(_ index: Int, registration: any AnyRegistration) {
        let now = ContinuousClock.now
        pending.withLock { pending in
            pending.steps[index].duration = now - pending.started[index]
            // A transient registration has no count: each resolve of it makes a new instance.
            pending.steps[index].madeNewInstance = registration.instancesMadeCount.map { $0 != pending.instancesMadeBefore[index] } ?? true
        }
    }

    var steps: [ResolutionStep] { pending.withLock { $0.steps } }
}

/// One step of a recorded resolution (`Container.resolveRecorded(_:)`): a key resolved, how deep,
/// whether its factory ran, how long it took, its own dependencies included.
public struct ResolutionStep: Sendable {
    /// What was resolved.
    public let key: ServiceKey
    /// 0 for the key asked for, 1 for its dependencies, and so on.
    public let depth: Int
    /// The registration's scope.
    public let scope: Scope
    /// Where the registration's instances come from.
    public let provision: Provision
    /// The assembly that registered it; `nil` when registered directly.
    public let assembly: String?
    /// Whether its factory ran (a new instance) rather than a shared instance being handed out.
    public internal(set) var madeNewInstance = false
    /// How long the step took, its dependencies included.
    public internal(set) var duration: Duration = .zero

    init(key: ServiceKey, depth: Int, scope: Scope, provision: Provision, assembly: String?) {
        self.key = key
        self.depth = depth
        self.scope = scope
        self.provision = provision
        self.assembly = assembly
    }
}
