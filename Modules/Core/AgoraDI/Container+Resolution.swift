extension Container {
    /// Resolves the registration for `type` (and `name`), or throws naming what is missing and the path that led there.
    ///
    /// - Parameters:
    ///   - type: The service type, exactly as it was registered.
    ///   - name: The registration name, or `nil` for the unnamed registration.
    /// - Returns: An instance produced according to the registration's ``Scope``.
    /// - Throws: ``ResolutionError`` when the service, or anything it depends on, cannot be resolved.
    public func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try resolve(type, name: name, path: nil)
    }

    /// Resolves `type` as a dependency of the keys on `path`.
    ///
    /// The hot path of every app: it allocates nothing unless a factory runs.
    func resolve<Service: Sendable>(_ type: Service.Type, name: String?, path: ResolutionContext?) throws(ResolutionError) -> Service {
        let key = ServiceKey(type, name: name)
        let (registration, owner) = try lookUp(key, path: path)
        if let recorder = path?.recorder {
            let step = recorder.begin(key, depth: path.keys.count, registration: registration)
            defer { recorder.end(step, registration: registration) }
            return try registration.instance(as: type, resolvingFrom: self, owner: owner, path: path, recorder: nil)
        }
        return try registration.instance(as: type, resolvingFrom: self, owner: owner, path: path, recorder: nil)
    }

    /// Resolves `key` with its type erased: what validation drives, knowing only keys.
    func resolveErased(_ key: ServiceKey) throws(ResolutionError) -> any Sendable {
        let (registration, owner) = try lookUp(key, path: nil)
        return try registration.instance(as: (any Sendable).self, resolvingFrom: self, owner: owner, path: nil, recorder: nil)
    }

    /// The registration for `key` and the container that holds it, after checking that
    /// resolving `key` from `path` is no cycle.
    private func lookUp(
        _ key: ServiceKey, path: ResolutionContext?
    ) throws(ResolutionError) -> (registration: any AnyRegistration, owner: Container) {
        // Checked before anything else, and so before any lock for `key` is taken: this is
        // what keeps a cycle through a container-scoped registration from deadlocking.
        if path?.contains(key) == true, let path {
            throw .cycle(path.cycle(closedBy: key))
        }
        guard let found = registration(for: key) else {
            throw .missingRegistration(key, path: path.keys)
        }
        return found
    }
}
