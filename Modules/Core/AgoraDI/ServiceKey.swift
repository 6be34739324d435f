/// Identifies a registration: a service type plus an optional name.
///
/// Equality and hashing use the type's identity, never its name string, so two types that
/// share a short name in different modules stay distinct.
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
    /// The identity of the service type.
    private let typeID: ObjectIdentifier

    /// The fully qualified type name, such as `"EventsFeature.EventsFetchable"`.
    public let typeName: String

    /// The short type name used in messages, such as `"EventsFetchable"`.
    public let shortTypeName: String

    /// The registration name, or `nil` for the unnamed registration.
    public let name: String?

    /// Creates the key for `type` registered under `name`.
    ///
    /// - Parameters:
    ///   - type: The service type, for example `(any EventsFetchable).self`.
    ///   - name: The registration name, or `nil` for the unnamed registration.
    public init<Service>(_ type: Service.Type, name: String? = nil) {
        typeID = ObjectIdentifier(type)
        typeName = String(reflecting: type)
        shortTypeName = String(describing: type)
        self.name = name
    }

    /// A readable form for error messages: `EventsFetchable` or `APIClient(name: "live")`.
    public var description: String {
        guard let name else { return shortTypeName }
        return "\(shortTypeName)(name: \"\(name)\")"
    }

    // The names are derived from the type, so comparing `typeID` is enough and avoids string comparisons.
    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.typeID == rhs.typeID && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(typeID)
        hasher.combine(name)
    }
}

extension ServiceKey {
    /// A stable order for listings: readable name first, fully qualified name to break ties
    /// between equally named types from different modules.
    static func displayOrder(_ lhs: ServiceKey, _ rhs: ServiceKey) -> Bool {
        (lhs.description, lhs.typeName) < (rhs.description, rhs.typeName)
    }
}

extension [ServiceKey] {
    /// The keys joined by arrows, as in `EventsListViewModel → EventsUseCase`.
    var arrowJoined: String {
        map(\.description).joined(separator: " → ")
    }
}
