extension Container {
    /// Resolves every registration visible from this container (own + parents', overridden ones once) and throws one error listing every failure.
    ///
    /// Call it from a test or at launch in debug builds so a missing registration or a cycle
    /// shows up before a user reaches the screen that needs it. Each underlying problem is
    /// listed once, with the first path that reached it: a missing key needed by five services
    /// is one failure, and so is a cycle entered from any of its members.
    ///
    /// Validation really resolves: container-scoped instances are created and cached, and
    /// every factory runs, so factories should not have side effects beyond building objects.
    ///
    /// - Throws: ``ValidationError`` listing every failure, in the order of ``registrations``.
    public func validate() throws(ValidationError) {
        var failures: [ResolutionError] = []
        for key in registrations {
            do {
                _ = try resolveErased(key)
            } catch {
                if !failures.contains(where: { $0.hasSameCause(as: error) }) {
                    failures.append(error)
                }
            }
        }
        if !failures.isEmpty {
            throw ValidationError(failures: failures)
        }
    }
}

extension ResolutionError {
    /// Whether both errors report one problem, reached from different starting points.
    func hasSameCause(as other: ResolutionError) -> Bool {
        switch (self, other) {
        case (.missingRegistration(let lhs, _), .missingRegistration(let rhs, _)),
            (.factoryFailed(let lhs, _, _), .factoryFailed(let rhs, _, _)):
            lhs == rhs
        case (.cycle(let lhs), .cycle(let rhs)):
            Self.isRotation(lhs, of: rhs)
        default:
            false
        }
    }

    /// Whether two cycles such as `[A, B, A]` and `[B, A, B]` go round the same loop.
    private static func isRotation(_ lhs: [ServiceKey], of rhs: [ServiceKey]) -> Bool {
        // Drop the closing key that repeats the first, then look for `rhs` in `lhs` read twice round.
        let loop = Array(lhs.dropLast())
        let other = Array(rhs.dropLast())
        guard loop.count == other.count else { return false }
        let doubled = loop + loop
        return loop.indices.contains { start in
            Array(doubled[start..<start + loop.count]) == other
        }
    }
}
