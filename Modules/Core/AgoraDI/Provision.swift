/// Where a registration's instances come from, for listings that say what a resolve hands out
/// (the REPL's `container` and `resolve`).
public enum Provision: Sendable, Equatable {
    /// Its factory makes them, kept as its ``Scope`` says.
    case factory
    /// One instance made outside the container and registered as it is
    /// (``Container/register(_:name:instance:)``): every resolve hands out that instance.
    case instance
    /// The instance another registration hands out, seen as this type
    /// (``Container/register(_:name:forwardingTo:named:as:)``): `EventsFetchable` as the
    /// shared `EventsUseCase`.
    case forwarding(to: ServiceKey)
}
