import Activities
import AgoraApp
import AgoraArchitecture
import AgoraDI
import AgoraREPL
import Events
import Testing

/// The links the app's plugins declare, read as `open` reads them: syntax by `Route(url:)`, the
/// path by the plugin whose destination matches it.
@MainActor
@Suite("The app's links")
struct AppLinksTests {
    let app = ApplicationCoordinator(plugins: AgoraPlugins.plugins, resolver: Container())

    nonisolated static let everyRoute: [Route] = [.events, .event(id: 42), .eventComments(eventID: 7), .activities, .login]

    @Test(
        "given a link to a known path, when it is parsed, then it gives that route",
        arguments: [
            // agora://
            ("agora://events", Route.events),
            ("agora://events/42", .event(id: 42)),
            ("agora://events/42/comments", .eventComments(eventID: 42)),
            ("agora://activities", .activities),
            ("agora://login", .login),
            // https://agora.example
            ("https://agora.example/events", .events),
            ("https://agora.example/events/42", .event(id: 42)),
            ("https://agora.example/events/42/comments", .eventComments(eventID: 42)),
            ("https://agora.example/activities", .activities),
            ("https://agora.example/login", .login),
            // https://www.agora.example
            ("https://www.agora.example/events", .events),
            ("https://www.agora.example/events/5", .event(id: 5)),
            ("https://www.agora.example/events/5/comments", .eventComments(eventID: 5)),
            ("https://www.agora.example/activities", .activities),
            ("https://www.agora.example/login", .login),
            // plain http
            ("http://agora.example/events/3", .event(id: 3)),
            // trailing slash
            ("agora://events/", .events),
            ("agora://events/42/", .event(id: 42)),
            ("https://agora.example/events/42/comments/", .eventComments(eventID: 42)),
            // uppercase scheme and host
            ("AGORA://EVENTS/42", .event(id: 42)),
            ("Agora://Login", .login),
            ("HTTPS://AGORA.EXAMPLE/events/9", .event(id: 9)),
            ("https://WWW.Agora.Example/activities", .activities),
            // query string and fragment ignored
            ("agora://events/42?ref=mail", .event(id: 42)),
            ("https://agora.example/events?page=2&sort=date", .events),
            ("https://agora.example/events/8/comments#latest", .eventComments(eventID: 8)),
            // surrounding spaces
            ("  agora://login ", .login),
            // the largest id
            ("agora://events/9223372036854775807", .event(id: Int.max)),
        ])
    func parsesKnownLinks(link: String, route: Route) {
        #expect(app.route(forLink: link) == route)
    }

    @Test(
        "given a link that is not Agora's or not a path a plugin shows, when it is read, then it opens nothing",
        arguments: [
            // unknown host
            "https://example.com/events/42",
            "https://agora.example.evil.com/events/42",
            "https://evil.com/agora.example/events",
            "https://api.agora.example/events",
            // unknown scheme
            "ftp://agora.example/events",
            "mailto:events@agora.example",
            "agoras://events",
            // unknown path
            "agora://settings",
            "agora://events/42/likes",
            "agora://comments/42",
            "https://agora.example/",
            "https://agora.example",
            // ids that are not positive decimal numbers
            "agora://events/forty-two",
            "agora://events/0",
            "agora://events/-4",
            "agora://events/+4",
            "agora://events/4.0",
            "agora://events/0x2A",
            "agora://events/４２",
            "agora://events/99999999999999999999",
            "agora://events/9223372036854775808/comments",
            // missing host
            "agora://",
            "agora:///events",
            "agora:events",
            "https:///events",
            // not a link
            "",
            "   ",
            "events/42",
            // extra segments
            "agora://events/42/comments/1",
            "agora://activities/1",
            "agora://login/again",
            "https://agora.example/events/42/comments/extra",
        ])
    func rejectsOtherLinks(link: String) {
        #expect(app.route(forLink: link) == nil)
    }

    @Test("given an id padded with zeros, when it is parsed, then it is refused like other padding tricks")
    func rejectsZeroPaddedID() {
        // RoutePattern documents ids as written one way only, and a route has one URL: "007"
        // would be a second URL for .event(id: 7).
        #expect(app.route(forLink: "agora://events/007") == nil)
    }

    @Test("given a link with a percent escape, when it is parsed, then it is refused: an id has one spelling")
    func rejectsPercentEscapes() {
        // Found by Scripts/fuzz (Tools/Fuzz/Regressions/route/percent-encoded-id): "4%342" decoded to
        // "442" and opened event 442.
        #expect(Route(url: "agora://events/4%342") == nil)
        #expect(Route(url: "agora://events/%34%32/comments") == nil)
        #expect(Route(url: "https://agora.example/%65vents/42") == nil)
        #expect(Route(url: "agora://%65vents") == nil)
    }

    @Test("given any route, when its url is parsed, then it gives the same route", arguments: everyRoute)
    func urlRoundTrips(route: Route) {
        #expect(app.route(forLink: route.url) == route)
        #expect(app.route(forLink: "https://agora.example/\(route.path)") == route)
    }

    @Test("every link the app declares is shown by exactly one plugin, and every route of the app has one")
    func everyLinkHasOneOwner() {
        let examples = app.destinations.map(\.pattern.example)
        #expect(
            Set(["agora://login", "agora://events", "agora://events/42", "agora://events/42/comments", "agora://activities"]).isSubset(of: examples.map(\.url)))
        for route in examples + Self.everyRoute {
            #expect(app.plugins.filter { $0.handles(route) }.count == 1, "\(route)")
        }
    }

    @Test("given each route, when its path and url are read, then they are the documented strings")
    func pathsAndURLs() {
        #expect(Route.events.path == "events")
        #expect(Route.event(id: 42).path == "events/42")
        #expect(Route.eventComments(eventID: 42).path == "events/42/comments")
        #expect(Route.activities.path == "activities")
        #expect(Route.login.path == "login")
        #expect(Route.eventComments(eventID: 42).url == "agora://events/42/comments")
        #expect(Route.event(id: 1).description == "agora://events/1")
    }
}
