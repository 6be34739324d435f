/// Identifies a registration: a service type plus an optional name.
///
/// Equality and hashing use the type's identity, never its name string, so two types that
/// share a short name in different modules stay distinct. The names are worked out only when
/// asked for (messages, listings): every resolve builds a key, and rendering a type's name
/// costs more than the rest of a resolve.
public struct ServiceKey: Hashable, Sendable, CustomStringConvertible {
    /// The service type; its identity is the key's.
    private let type: any Any.Type

    /// The registration name, or `nil` for the unnamed registration.
    public let name: String?

    /// Creates the key for `type` registered under `name`.
    ///
    /// - Parameters:
    ///   - type: The service type, for example `(any EventsFetchable).self`.
    ///   - name: The registration name, or `nil` for the unnamed registration.
    public init<Service>(_ type: Service.Type, name: String? = nil) {
        self.type = type
        self.name = name
    }

    /// The identity of the service type, for tables that key unnamed registrations by type alone.
    var typeIdentifier: ObjectIdentifier {
        ObjectIdentifier(type)
    }

    /// This key's bit in a path's 64-bit filter of keys (``ResolutionContext``): one of 64,
    /// picked by the type's identity, so equal keys always pick the same bit. Keys differing
    /// only by name share a bit, which only costs the filter an exact check.
    var filterBit: UInt64 {
        // Metadata addresses are aligned; multiplying by a large odd constant (Fibonacci
        // hashing) spreads the bits that differ into the top six, which pick the bit.
        let address = UInt64(UInt(bitPattern: typeIdentifier))
        return 1 << ((address &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    /// The fully qualified type name, such as `"EventsFeature.EventsFetchable"`.
    public var typeName: String {
        String(reflecting: type)
    }

    /// The short type name used in messages, such as `"EventsFetchable"`. A protocol with a
    /// primary associated type is written as code uses it, `ListCache<Event>`, rather than as
    /// Swift describes it (`any ListCache<Self.ListCache.Item == Event>`): one way to write a type
    /// in every listing, message and lookup.
    public var shortTypeName: String {
        let described = String(describing: type)
        guard described.hasPrefix("any ") else { return described }
        return String(described.dropFirst(4)).replacing(#/Self\.(\w+\.)+/#, with: "").replacing(#/\w+ == /#, with: "")
    }

    /// A readable form for error messages: `EventsFetchable` or `APIClient(name: "live")`.
    public var description: String {
        guard let name else { return shortTypeName }
        return "\(shortTypeName)(name: \"\(name)\")"
    }

    public static func == (lhs: ServiceKey, rhs: ServiceKey) -> Bool {
        lhs.type == rhs.type && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
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
