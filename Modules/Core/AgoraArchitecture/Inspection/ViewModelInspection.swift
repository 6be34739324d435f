/// A ViewModel's outputs and signals, found by reflection over its stored properties: every
/// feature's ViewModel, and one the scaffolder (`new-feature`) just made, can be inspected and traced
/// (an explorer's inspector and trace) with nothing declared for it.
///
/// A property holding an ``OutputSource`` or a ``SignalSource`` is one, named without its
/// `Source` suffix (`rowsSource` is `rows`); a kit object that holds sources (``OutputHolding``:
/// a paged list, a login gate) is looked into, its sources named under it (`list.isLoading`).
/// Nothing else is walked, so a cache or a list of rows is never enumerated.
@MainActor
public enum ViewModelInspection {
    /// One output or signal of a ViewModel.
    public struct Found {
        public let name: String
        public let source: any TracedSource
    }

    /// The sources of `viewModel`, in declaration order.
    public static func sources(of viewModel: AnyObject) -> [Found] {
        var found: [Found] = []
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(viewModel)]
        collect(viewModel, prefix: "", into: &found, visited: &visited)
        return found
    }

    /// Reports every value `viewModel`'s sources send to `sink`, before their observers run:
    /// the label (`EventsListViewModel.rows`), a one-line summary, whether it is a signal. Each
    /// ViewModel has its own tracer, so nothing global is shared by two sessions. (Its inputs are
    /// traced where a view sends them: ``TracedInputs``.)
    public static func trace(
        _ viewModel: AnyObject,
        to sink: @escaping @MainActor (_ label: String, _ summary: String, _ isSignal: Bool) -> Void
    ) {
        let type = String(describing: Swift.type(of: viewModel))
        for found in sources(of: viewModel) {
            let label = "\(type).\(found.name)"
            let isSignal = found.source.isSignal
            found.source.tracer = { summary in sink(label, summary, isSignal) }
        }
    }

    /// Stops reporting `viewModel`'s sends.
    public static func stopTracing(_ viewModel: AnyObject) {
        for found in sources(of: viewModel) { found.source.tracer = nil }
    }

    private static func collect(_ object: AnyObject, prefix: String, into found: inout [Found], visited: inout Set<ObjectIdentifier>) {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                guard let label = child.label else { continue }
                let name = prefix + (label.hasSuffix("Source") ? String(label.dropLast("Source".count)) : label)
                if let source = child.value as? any TracedSource {
                    found.append(Found(name: name, source: source))
                } else if let holder = child.value as? any OutputHolding, visited.insert(ObjectIdentifier(holder)).inserted {
                    collect(holder, prefix: name + ".", into: &found, visited: &visited)
                }
            }
            mirror = current.superclassMirror
        }
    }
}
