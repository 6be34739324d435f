import AgoraArchitecture

extension Output {
    /// An output of a derived value (`rows.map(\.count)`) that takes a new value every time this
    /// one does, so a ``Recorder`` can record just the part a test is about.
    @MainActor
    public func map<Derived>(_ transform: @escaping @MainActor (Value) -> Derived) -> Output<Derived> {
        let source = OutputSource(transform(value))
        var isFirst = true
        // The source lives as long as this observation, which keeps it.
        observe { value in
            if isFirst {
                isFirst = false
                return
            }
            source.send(transform(value))
        }
        return source.output
    }
}
