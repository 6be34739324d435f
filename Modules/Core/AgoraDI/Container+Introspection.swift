/// Read-only views of a container for tools (the REPL's `container` and `resolve`): what is
/// registered, by which assembly, whether it was resolved, and one resolution step by step.
extension Container {
    /// A registration as a listing shows it.
    public struct RegistrationSummary: Sendable {
        /// The key it is registered under.
        public let key: ServiceKey
        /// How long its instances live.
        public let scope: Scope
        /// Where its instances come from: its factory, an instance registered as is, or another registration.
        public let provision: Provision
        /// The assembly that registered it (`EventsAssembly`); `nil` when registered directly.
        public let assembly: String?
        /// Whether it has been resolved (its factory ran) at least once.
        public let isResolved: Bool
        /// Whether it is this container's own rather than a parent's.
        public let isOwn: Bool
    }

    /// Every registration visible from this container, its own overriding its parents', in
    /// ``registrations`` order.
    public var registrationSummaries: [RegistrationSummary] {
        registrations.compactMap { key in
            registration(for: key).map { registration, owner in
                RegistrationSummary(
                    key: key, scope: registration.scope, provision: registration.provision, assembly: registration.assembly,
                    isResolved: registration.wasResolved, isOwn: owner === self)
            }
        }
    }

    /// The visible registration whose type is named `text` (`EventsUseCase`, `any
    /// EventsFetchable` or `EventsFetchable`, `ListCache<Event>` as ``ServiceKey/description``
    /// writes it or `ListCache<Item == Event>` as Swift does, or the fully qualified name); `nil`
    /// when none is.
    public func registeredKey(named text: String) -> ServiceKey? {
        // Swift's `any ListCache<Self.ListCache.Item == Event>` and its shorter forms are all
        // `ListCache<Event>`.
        func bare(_ name: String) -> String {
            let name = name.replacing(#/Self\.(\w+\.)+/#, with: "").replacing(#/\w+ == /#, with: "")
            return name.hasPrefix("any ") ? String(name.dropFirst(4)) : name
        }
        let wanted = bare(text)
        return registrations.first { bare($0.description) == wanted || bare($0.typeName) == wanted }
    }

    /// Resolves `key` while writing down each step: the key, then each dependency its factory
    /// asked for, depth first, each with its duration and whether a new instance was made.
    ///
    /// - Returns: the steps, and the error when the resolution failed.
    public func resolveRecorded(_ key: ServiceKey) -> (steps: [ResolutionStep], error: ResolutionError?) {
        guard let (registration, owner) = registration(for: key) else {
            return ([], .missingRegistration(key, path: []))
        }
        let recorder = ResolutionRecorder()
        let step = recorder.begin(key, depth: 0, registration: registration)
        do {
            _ = try registration.instance(as: (any Sendable).self, resolvingFrom: self, owner: owner, path: nil, recorder: recorder)
            recorder.end(step, registration: registration)
            return (recorder.steps, nil)
        } catch {
            recorder.end(step, registration: registration)
            return (recorder.steps, error)
        }
    }
}
