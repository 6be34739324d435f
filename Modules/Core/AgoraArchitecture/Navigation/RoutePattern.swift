/// The shape of the routes a ``Destination`` shows: literal segments and `{name}` parameters,
/// each a positive decimal id written one way only ("42", never "042", "+42" or "４２").
///
///     let pattern: RoutePattern = "events/{id}/comments"
///     pattern.match(Route(path: "events/7/comments"))?.id()   // 7
///     pattern.match(Route(path: "events/007/comments"))       // nil
///     pattern.example                                          // events/42/comments
public struct RoutePattern: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private enum Segment: Hashable, Sendable {
        case literal(String)
        case id(name: String)
    }

    private let segments: [Segment]
    /// The pattern as written: `events/{id}/comments`.
    public let description: String

    public init(_ text: String) {
        description = text
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .id(name: String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Whether the pattern has parameters (`events/{id}`) or is one route (`events`).
    public var hasParameters: Bool {
        segments.contains { if case .id = $0 { true } else { false } }
    }

    /// A route of this shape, every id 42: `events/42/comments`; shown in help and `routes`.
    public var example: Route {
        Route(
            path: segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .id: "42"
                }
            }.joined(separator: "/"))
    }

    /// The parameters of `route` when it has this shape, or `nil`.
    public func match(_ route: Route) -> RouteParameters? {
        guard route.segments.count == segments.count else { return nil }
        var ids: [String: Int] = [:]
        for (segment, text) in zip(segments, route.segments) {
            switch segment {
            case .literal(let literal):
                guard literal == text else { return nil }
            case .id(let name):
                guard let id = Self.id(text) else { return nil }
                ids[name] = id
            }
        }
        return RouteParameters(ids: ids)
    }

    /// The paths of this shape that begin with `typed`, a path as typed so far (`events/7/`):
    /// literal segments are filled in, ids are taken from what was typed, and where an id is
    /// still to be typed the path stops after the `/` before it. For TAB after `open`:
    ///
    ///     RoutePattern("events/{id}/comments").paths(completing: "events/7/")   // ["events/7/comments"]
    ///     RoutePattern("events/{id}/comments").paths(completing: "ev")          // ["events/"]
    ///     RoutePattern("events/{id}").paths(completing: "login")                // []
    ///     RoutePattern("events/{id}").paths(completing: "events/1", knownIDs: ["events": [1, 13]])
    ///                                                                      // ["events/1", "events/13"]
    ///
    /// `knownIDs` are ids at hand for an id being typed, by the path before it (`events`): each
    /// that begins with what was typed of the id ends a path of its own.
    public func paths(completing typed: String, knownIDs: [String: [Int]] = [:]) -> [String] {
        let parts = typed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        let typedWhole = parts.dropLast()
        let partial = parts.last ?? ""
        guard typedWhole.count < segments.count else { return [] }
        for (segment, text) in zip(segments, typedWhole) {
            switch segment {
            case .literal(let literal): guard literal == text else { return [] }
            case .id: guard Self.id(text) != nil else { return [] }
            }
        }
        var path = Array(typedWhole)
        var knownPaths: [String] = []
        switch segments[typedWhole.count] {
        case .literal(let literal):
            guard literal.hasPrefix(partial) else { return [] }
            path.append(literal)
        case .id:
            let known = Set(knownIDs[path.joined(separator: "/")] ?? []).sorted().map(String.init)
            knownPaths = known.filter { $0.hasPrefix(partial) && $0 != partial }.map { (path + [$0]).joined(separator: "/") }
            guard Self.id(partial) != nil else { return knownPaths }
            path.append(partial)
        }
        for segment in segments.dropFirst(path.count) {
            guard case .literal(let literal) = segment else { return [path.joined(separator: "/") + "/"] + knownPaths }
            path.append(literal)
        }
        return [path.joined(separator: "/")] + knownPaths
    }

    /// A positive decimal id with no sign, padding or other digits ("42", not "+42", "042" or "0").
    private static func id(_ text: String) -> Int? {
        guard let first = text.unicodeScalars.first, ("1"..."9").contains(first),
            text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
            let id = Int(text)
        else { return nil }
        return id
    }
}

/// The ids a route gave its pattern's parameters.
public struct RouteParameters: Hashable, Sendable {
    /// By parameter name: `["id": 42]` for `events/42` on `events/{id}`.
    public let ids: [String: Int]

    /// The id named `name`; throws when the pattern has no such parameter (a typo in a plugin).
    public func id(_ name: String = "id") throws(RouteParameterError) -> Int {
        guard let id = ids[name] else { throw RouteParameterError(name: name) }
        return id
    }
}

/// A plugin read a parameter its pattern does not have.
public struct RouteParameterError: Error, Equatable, CustomStringConvertible {
    public let name: String

    public init(name: String) {
        self.name = name
    }

    public var description: String { "the route pattern has no parameter {\(name)}" }
}
