/// What a resolve of each registration hands out, and for how long, in the words every tool that
/// shows a container uses (the REPL's `container`, agora-web's explorer panel), so they say the
/// same of every registration.
extension Container {
    /// What each word of a lifetime means, in one line under a listing.
    public static let lifetimeLegend =
        "Scopes: transient = a new one each resolve; container = one, made on first resolve, shared; weak = shared while held;"
        + " instance = made outside, shared; as X = X's instance."

    /// What a resolve of `summary` hands out and for how long: its scope (`container`),
    /// `instance` for one registered as is, or the registration it forwards to, with that one's
    /// lifetime (`as EventsUseCase (container)`).
    public func lifetime(of summary: RegistrationSummary) -> String {
        switch summary.provision {
        case .factory:
            return summary.scope.name
        case .instance:
            return "instance"
        case .forwarding(let target):
            let forwarded = registrationSummaries.first { $0.key == target }
            return "as \(target.description)" + (forwarded.map { " (\(lifetime(of: $0)))" } ?? "")
        }
    }
}

extension Scope {
    /// The scope's name as listings write it: `transient`, `container`, `weak`.
    public var name: String {
        switch self {
        case .transient: "transient"
        case .container: "container"
        case .weak: "weak"
        }
    }
}
