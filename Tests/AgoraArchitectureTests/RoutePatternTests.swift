import AgoraArchitecture
import Testing

@Suite("Route patterns and links")
struct RoutePatternTests {
    @Test(
        "given a pattern with an id, when a route of its shape is matched, then the id is read by name",
        arguments: [
            ("events/{id}", "events/42", ["id": 42]),
            ("events/{id}/comments", "events/7/comments", ["id": 7]),
            ("events/{event}/comments/{id}", "events/3/comments/9", ["event": 3, "id": 9]),
            ("events", "events", [:]),
            ("events/{id}", "events/9223372036854775807", ["id": Int.max]),
        ])
    func matches(pattern: String, path: String, ids: [String: Int]) {
        #expect(RoutePattern(pattern).match(Route(path: path))?.ids == ids)
    }

    @Test(
        "given an id that is not a positive decimal written one way, or another shape, then the pattern does not match",
        arguments: [
            "events/0", "events/007", "events/-4", "events/+4", "events/4.0", "events/0x2A", "events/forty-two", "events/４２",
            "events/99999999999999999999", "events", "events/42/comments", "event/42",
        ])
    func refuses(path: String) {
        #expect(RoutePattern("events/{id}").match(Route(path: path)) == nil)
    }

    @Test("a pattern's example fills every id with 42; whether it has ids is known")
    func example() {
        #expect(RoutePattern("events/{id}/comments").example == Route(path: "events/42/comments"))
        #expect(RoutePattern("events/{id}").hasParameters)
        #expect(!RoutePattern("events").hasParameters)
    }

    @Test("reading a parameter the pattern does not have throws, naming it")
    func missingParameter() throws {
        let parameters = try #require(RoutePattern("events/{id}").match(Route(path: "events/5")))
        #expect(try parameters.id() == 5)
        #expect(throws: RouteParameterError(name: "event")) { try parameters.id("event") }
    }

    @Test(
        "given links, when read, then only Agora's links with lower-case paths and no escapes give a route",
        arguments: [
            ("agora://events/42", "events/42"),
            ("AGORA://EVENTS/42", "events/42"),
            ("https://www.agora.example/notes/", "notes"),
            ("agora://anything-at-all/7", "anything-at-all/7"),
        ])
    func readsLinks(link: String, path: String) {
        #expect(Route(url: link) == Route(path: path))
    }

    @Test(
        "given links that are not Agora's or not one spelling of a path, when read, then they give no route",
        arguments: [
            "https://example.com/events", "ftp://agora.example/events", "agora://", "agora:events", "events/42",
            "agora://events/42/COMMENTS", "agora://events/4%32", "agora://events/4_2", "",
        ])
    func refusesLinks(link: String) {
        #expect(Route(url: link) == nil)
    }

    @Test(
        "given web paths, when read, then a path from the root by a link's rules gives the route a link gives, and its path back",
        arguments: [("/events/42/comments", "agora://events/42/comments"), ("/template-items", "agora://template-items")])
    func readsWebPaths(path: String, link: String) throws {
        let route = try #require(Route(webPath: path))
        #expect(route == Route(url: link))
        #expect(route.webPath == path)
    }

    @Test(
        "given web paths a link could not spell, when read, then they give no route, as the link would not",
        arguments: ["/events/4%32", "/events//42", "/events/42/", "/Events", "events/42", "/", "", "/events/4_2"])
    func refusesWebPaths(path: String) {
        #expect(Route(webPath: path) == nil)
    }
}

@Suite("Route patterns complete typed paths")
struct RoutePatternCompletionTests {
    @Test(
        "given part of a path, then the pattern fills its literals, keeps typed ids and stops before an id still to type",
        arguments: [
            ("events/{id}/comments", "events/7/", ["events/7/comments"]),
            ("events/{id}/comments", "events/7/co", ["events/7/comments"]),
            ("events/{id}/comments", "ev", ["events/"]),
            ("events/{id}/comments", "events/07/", []),
            ("events/{id}/comments", "events/7/comments", ["events/7/comments"]),
            ("events/{id}", "events/7", ["events/7"]),
            ("events", "", ["events"]),
            ("login", "ev", []),
        ])
    func completes(pattern: String, typed: String, expected: [String]) {
        #expect(RoutePattern(pattern).paths(completing: typed) == expected)
    }
}
