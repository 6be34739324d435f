/// The resolver handed to factories: a container plus the path of the resolution in progress.
///
/// The path travels in this value rather than in a task-local or thread-local, so it stays
/// correct whichever thread or task runs the factory, and cycle detection is a walk up a list
/// the caller already has.
///
/// A factory should use its resolver only while it runs. A resolver kept for later would
/// carry a stale path; inject the ``Container`` itself where lazy resolution is needed.
struct ResolutionContext: Resolver {
    /// The container nested resolves start from; `Container.resolve(_:name:path:)` decides which one.
    let container: Container

    /// The keys being resolved. The innermost one is the key whose factory received this context.
    let path: ResolutionPath

    func resolve<Service: Sendable>(_ type: Service.Type, name: String?) throws(ResolutionError) -> Service {
        try container.resolve(type, name: name, path: path)
    }
}
