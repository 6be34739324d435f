import HTTPTypes
import OpenAPIRuntime

/// The API's routes as the generated code registers them: for each path template
/// (`/v1/events/{eventID}`), the methods it answers.
///
/// The router only knows "no route", so without this a request for a path the API has, with a
/// method it does not answer (`PATCH /v1/events/1`), would get the same 404 as a path that does
/// not exist. With it, ``ErrorResponseMiddleware`` answers 405 and an `Allow` header naming the
/// methods that would work, as RFC 9110 asks.
struct RouteTable: Sendable {
    private struct Route: Sendable {
        /// The template as the contract writes it: `/v1/events/{eventID}`.
        let template: String
        /// The template's segments; `nil` stands for a parameter, which matches any one segment.
        let segments: [Substring?]
        var methods: [HTTPRequest.Method]
    }

    private let routes: [Route]

    /// Records what `register` registers on the transport it is given, without serving anything.
    init(recording register: (any ServerTransport) throws -> Void) rethrows {
        let recorder = RouteRecorder()
        try register(recorder)
        var routes: [Route] = []
        for (method, path) in recorder.registered {
            let segments = path.split(separator: "/").map { $0.first == "{" && $0.last == "}" ? nil : $0 }
            if let index = routes.firstIndex(where: { $0.segments == segments }) {
                routes[index].methods.append(method)
            } else {
                routes.append(Route(template: path, segments: segments, methods: [method]))
            }
        }
        self.routes = routes
    }

    /// The methods the API answers on `path` (a request's path, without its query), in the order
    /// they were registered; empty when no route has this path.
    func methods(forPath path: String) -> [HTTPRequest.Method] {
        let matching = routes(matching: path)
        var methods: [HTTPRequest.Method] = []
        for method in matching.flatMap(\.methods) where !methods.contains(method) {
            methods.append(method)
        }
        return methods
    }
}

extension RouteTable {
    /// The template of the route `path` belongs to, as logs name a request without its ids
    /// (`/v1/events/{eventID}/comments`); `nil` for a path the API does not have. A template
    /// without parameters wins over one with them.
    func template(forPath path: String) -> String? {
        routes(matching: path).min { $0.segments.count(where: { $0 == nil }) < $1.segments.count(where: { $0 == nil }) }?.template
    }

    private func routes(matching path: String) -> [Route] {
        let segments = path.split(separator: "/")
        return routes.filter { route in
            route.segments.count == segments.count
                && zip(route.segments, segments).allSatisfy { template, segment in template.map { $0 == segment } ?? true }
        }
    }
}

/// A transport that only writes down what is registered on it. Used once, on one thread, while
/// a ``RouteTable`` is built; never shared.
private final class RouteRecorder: ServerTransport {
    var registered: [(method: HTTPRequest.Method, path: String)] = []

    func register(
        _ handler: @concurrent @Sendable @escaping (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?),
        method: HTTPRequest.Method,
        path: String
    ) throws {
        registered.append((method, path))
    }
}
