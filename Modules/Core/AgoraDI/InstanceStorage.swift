/// Where a registration keeps the instances its scope shares, if any.
enum InstanceStorage<Value: Sendable>: Sendable {
    case none
    case once(OnceCell<Value>)
    case weak(WeakCell<Value>)

    /// Empty storage suited to `scope`.
    init(for scope: Scope) {
        switch scope {
        case .transient: self = .none
        case .container: self = .once(OnceCell())
        case .weak: self = .weak(WeakCell())
        }
    }

    /// Returns the stored instance if the scope has a live one, otherwise the result of `create`.
    func value(orCreate create: () throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        switch self {
        case .none: try create()
        case .once(let cell): try cell.value(orCreate: create)
        case .weak(let cell): try cell.value(orCreate: create)
        }
    }
}
