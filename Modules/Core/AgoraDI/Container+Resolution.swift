extension Container {
    /// Resolves the registration for `type` (and `name`), or throws naming what is missing and the path that led there.
    ///
    /// - Parameters:
    ///   - type: The service type, exactly as it was registered.
    ///   - name: The registration name, or `nil` for the unnamed registration.
    /// - Returns: An instance produced according to the registration's ``Scope``.
    /// - Throws: ``ResolutionError`` when the service, or anything it depends on, cannot be resolved.
    public func resolve<Service>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try resolve(type, name: name, path: [])
    }

    /// Resolves `type` as a dependency of the keys on `path`.
    func resolve<Service>(_ type: Service.Type, name: String?, path: [ServiceKey]) throws(ResolutionError) -> Service {
        let key = ServiceKey(type, name: name)
        let instance = try resolveInstance(for: key, path: path)
        guard let service = instance as? Service else {
            throw .typeMismatch(key, produced: String(describing: Swift.type(of: instance)))
        }
        return service
    }

    /// Resolves `key` with its type erased; the core of every resolve, and what validation drives.
    func resolveInstance(for key: ServiceKey, path: [ServiceKey]) throws(ResolutionError) -> any Sendable {
        // Checked before anything else, and so before any lock for `key` is taken: this is
        // what keeps a cycle through a container-scoped registration from deadlocking.
        if let start = path.firstIndex(of: key) {
            throw .cycle(Array(path[start...]) + [key])
        }
        guard let (registration, owner) = registration(for: key) else {
            throw .missingRegistration(key, path: path)
        }
        // Shared instances are built where they live, so they cannot capture a child's
        // overrides; transient ones are built where they were asked for, so they do.
        let builder = registration.scope.sharesInstances ? owner : self
        return try registration.instance(in: ResolutionContext(container: builder, path: path + [key]))
    }
}
