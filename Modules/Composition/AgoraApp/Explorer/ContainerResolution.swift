import AgoraDI
import Foundation

/// One resolve of a registered type, step by step: what the explorer's `resolve` shows in every
/// view. Each step is a type the container resolved, depth first, with what it handed out and
/// how long it took.
public struct ContainerResolution {
    /// The type asked for.
    public let key: ServiceKey
    /// Each step, depth first: the type asked for, then what its factory resolved.
    public let steps: [ResolutionStep]
    /// The whole resolve.
    public let total: Duration

    /// Why a resolve could not run; each view words it.
    public enum Problem: Error, Equatable {
        /// Nothing is registered under `name`; `known` are the registered types' names.
        case unregistered(name: String, known: [String])
        /// The registration was found but resolving it failed.
        case failed(type: String, reason: String)
    }

    /// Resolves the registered type named `name` in `container`, writing down each step. The
    /// name is as the container lists it (`EventsFetchable`, `ListCache<Event>`), or as
    /// `ServiceKey` describes it; surrounding spaces and quotes are ignored.
    public init(resolving name: String, in container: Container) throws(Problem) {
        let name = name.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        guard let key = container.registeredKey(named: name) ?? container.registrations.first(where: { $0.description == name }) else {
            throw .unregistered(name: name, known: container.registrations.map(\.description))
        }
        let started = ContinuousClock.now
        let (steps, error) = container.resolveRecorded(key)
        let total = ContinuousClock.now - started
        if let error { throw .failed(type: key.description, reason: error.description) }
        (self.key, self.steps, self.total) = (key, steps, total)
    }

    /// The resolve one line a step, indented by depth, each with what it handed out and how long
    /// it took, after a line for the whole: `Resolved EventsFetchable in 0.012 ms, 3 steps:`.
    public var lines: [String] {
        let stepLines = steps.indices.map { index in
            let step = steps[index]
            let indent = String(repeating: "  ", count: step.depth)
            return "\(indent)\(step.key.description)  (\(handedOut(at: index)), \(Self.formatted(step.duration)))"
        }
        return ["Resolved \(key.description) in \(Self.formatted(total)), \(steps.count) step\(steps.count == 1 ? "" : "s"):"] + stepLines
    }

    /// What step `index` handed out: its scope and whether its instance was made by this resolve
    /// (`container, new`) or before (`container, shared`); `instance, shared` for one registered
    /// as is; for a forwarding step, what its target handed out (`the shared EventsUseCase`).
    public func handedOut(at index: Int) -> String {
        let step = steps[index]
        switch step.provision {
        case .factory:
            return "\(step.scope.name), \(step.madeNewInstance ? "new" : "shared")"
        case .instance:
            return "instance, shared"
        case .forwarding(let key):
            return "\(isShared(at: index) ? "the shared" : "a new") \(key.description)"
        }
    }

    /// Whether step `index` handed out an instance others get too: one of a shared scope, one
    /// registered as is, or what its target handed out (the step right after a forwarding one).
    private func isShared(at index: Int) -> Bool {
        switch steps[index].provision {
        case .factory: steps[index].scope != .transient
        case .instance: true
        case .forwarding: index + 1 < steps.count && isShared(at: index + 1)
        }
    }

    private static func formatted(_ duration: Duration) -> String {
        String(format: "%.3f ms", ArchitectureTrace.milliseconds(duration))
    }
}
