import AgoraArchitecture

extension Output {
    /// Records a derived value of this output (`rows.map(\.count)`), as a signal of every change.
    @MainActor
    public func map<Derived>(_ transform: @escaping @MainActor (Value) -> Derived) -> Output<Derived> {
        let source = OutputSource(transform(value))
        var isFirst = true
        // The source lives as long as this observation, which keeps it.
        observe { value in
            if isFirst { isFirst = false; return }
            source.send(transform(value))
        }
        return source.output
    }
}
