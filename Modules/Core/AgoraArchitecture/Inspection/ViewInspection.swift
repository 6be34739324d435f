/// What a view holds for the tools, found by reflection over its stored properties, as
/// ``ViewModelInspection`` finds a ViewModel's outputs: a screen needs to declare nothing more
/// than the ``TracedInputs`` it sends its inputs through.
@MainActor
public enum ViewInspection {
    /// The traced inputs `view` keeps in a stored property (a screen's `inputs`); `nil` when it
    /// keeps none.
    public static func tracedInputs(of view: AnyObject) -> (any InputTracing)? {
        var mirror: Mirror? = Mirror(reflecting: view)
        while let current = mirror {
            if let found = current.children.lazy.compactMap({ $0.value as? any InputTracing }).first { return found }
            mirror = current.superclassMirror
        }
        return nil
    }
}
