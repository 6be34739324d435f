import Testing

/// The web app's guards, over real HTTP on a loopback port: posts need the session's token,
/// the cookie stays out of scripts and other sites' posts, and sessions never see each other.
@Suite("agora-web: sessions, cookies and forms")
@MainActor
struct WebSecurityTests {
    @Test("given a new browser, when it opens /, then it is sent to /events with a session cookie that is HttpOnly, SameSite=Lax and for the whole site")
    func rootRedirectsAndCookieIsGuarded() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            let root = try await browser.get("/")
            #expect(root.status == 303)
            #expect(root.header("Location") == "/events")

            let events = try await browser.follow(root)
            #expect(events.status == 200)
            let cookie = try #require(events.setCookies.first { $0.hasPrefix("agora_session=") })
            let attributes = Set(cookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
            #expect(attributes.isSuperset(of: ["httponly", "samesite=lax", "path=/"]), "\(cookie)")
            #expect(events.body.contains("<main id=\"screen\"><h1>Upcoming events</h1>"))
            #expect(events.body.components(separatedBy: "<h1>").count == 2, "one h1")
            #expect(
                events.body.contains(
                    "<nav class=\"app\" aria-label=\"Agora\"><a href=\"/events\" aria-current=\"page\">Events</a><a href=\"/activities\">Activity</a></nav>"),
                "a link to each place that needs no id")
        }
    }

    @Test("given a session's page, when a form is posted without its csrf token or with another, then a 403 page says nothing was sent, and nothing is")
    func postsWithoutTheTokenAreRefused() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            let before = try await browser.get("/events")

            for token in [Browser.Token.missing, .given(String(repeating: "0", count: 64))] {
                let refused = try await browser.post("/events/more", csrf: token)
                #expect(refused.status == 403)
                #expect(refused.body.contains("<h1>Nothing was sent</h1>"))
                #expect(refused.body.contains("did not come from this browser&#39;s current page"))
                #expect(refused.body.contains(#"<a class="button primary" href="/events">Back to the page</a>"#))
            }
            #expect(try await browser.get("/events").rowCount == before.rowCount, "no page was loaded")
        }
    }

    @Test(
        "given a comments page open past its session, when its comment is posted, then nothing is sent, a styled page gives the text back, never the password, and a new session starts"
    )
    func aFormOfAnEndedSessionGivesBackWhatWasTyped() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let ended = String(repeating: "e", count: 64)
            browser.session = ended

            let refused = try await browser.post(
                "/events/1/comments/post", [("text", "My <b>long</b> comment"), ("password", "agora-demo"), ("from", "/events/1/comments")])

            #expect(refused.status == 403)
            #expect(refused.body.contains("This page was open longer than your session lasts, so nothing was sent."))
            #expect(refused.body.contains(#"readonly="readonly" rows="4">My &lt;b&gt;long&lt;/b&gt; comment</textarea>"#), "the text, inert")
            #expect(!refused.body.contains("agora-demo"), "a password is never given back")
            #expect(refused.body.contains(#"href="/events/1/comments">Back to the page</a>"#))
            #expect(browser.session != nil && browser.session != ended, "a session of its own")
            let page = try await browser.get("/events/1/comments")
            #expect(!page.body.contains("My &lt;b&gt;long"), "nothing was posted")

            browser.session = ended
            let rowAction = try await browser.post("/events/1/comments/42/delete", [])
            #expect(
                rowAction.status == 403 && rowAction.body.contains(#"href="/events/1/comments">Back to the page</a>"#), "a row's form leads back to its page")
        }
    }

    @Test(
        "given two browsers, when one logs in and posts a comment, then the other is still logged out, and sees the comment as anyone would, not as its author"
    )
    func sessionsAreIsolated() async throws {
        try await withWebApp { port in
            let alice = Browser(port: port)
            let other = Browser(port: port)
            try await alice.get("/login")
            try await alice.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            try await alice.get("/events/1/comments")
            try await alice.post("/events/1/comments", [("text", "Posted by Alice"), ("action", "post")])
            let alicesPage = try await alice.get("/events/1/comments")
            #expect(alicesPage.body.contains("Posted by Alice"))

            let feed = try await other.get("/activities")
            #expect(feed.body.contains("<p class=\"empty\">Log in to see"))
            #expect(feed.body.contains("href=\"/login\">Log in</a>"))
            // OSS mode is one world, as a server is: the comment is there for everyone, but only its
            // author's page offers to delete it.
            let othersPage = try await other.get("/events/1/comments")
            #expect(othersPage.body.contains("Posted by Alice"))
            #expect(alicesPage.body.contains("/delete\""), "the author may delete it")
            #expect(!othersPage.body.contains("/delete\""), "nobody else may")
            #expect(alice.session != other.session)
        }
    }

    @Test("given a comment with markup and a bidi override, when posted, then the page shows it as inert text")
    func hostileCommentRendersInert() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1/comments")
            let payload = "<script>alert(1)</script>\u{202E}gnp.exe\"><img src=x onerror=alert(2)>"
            try await browser.post("/events/1/comments", [("text", payload), ("action", "post")])

            let page = try await browser.get("/events/1/comments").body
            #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;\u{FFFD}gnp.exe&quot;&gt;&lt;img src=x onerror=alert(2)&gt;</span>"))
            #expect(!page.contains("<script>alert"))
            #expect(!page.contains("<img"))
            #expect(!page.unicodeScalars.contains { $0 == "\u{202E}" })
        }
    }

    @Test("given a comment with a terminal escape, when posted, then it is refused in one line naming the character, and nothing is posted")
    func controlCharactersAreRefused() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1/comments")
            let posted = try await browser.post("/events/1/comments", [("text", "title\u{1B}]0;pwned\u{07}"), ("action", "post")])

            let page = try await browser.follow(posted).body
            #expect(page.contains("<p class=\"error\" role=\"alert\">A comment cannot hold control characters: it holds the control character U+001B"))
            #expect(!page.contains("pwned"), "nothing of it was posted")
            #expect(!page.unicodeScalars.contains { ["\u{1B}", "\u{07}"].contains($0) })
        }
    }

    @Test("given a session idle past the limit, when its browser comes back, then it is forgotten: a new session, logged out, with a new cookie")
    func idleSessionsExpire() async throws {
        let start = ContinuousClock.now
        var elapsed = Duration.zero
        try await withWebApp(now: { start + elapsed }) { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            let first = try #require(browser.session)
            elapsed += .seconds(29 * 60)
            #expect(try await browser.get("/events").body.contains("Logged in as Alice Martin"), "29 minutes idle: kept")

            elapsed += .seconds(30 * 60)
            let after = try await browser.get("/events")
            #expect(after.setCookies.contains { $0.hasPrefix("agora_session=") })
            #expect(browser.session != first)
            #expect(after.body.contains("href=\"/login\">Log in</a>"))
        }
    }

    @Test(
        "given as many sessions as the limit, when one more browser comes, then the least recently used session that only read makes way, and the member's is kept"
    )
    func sessionsAreBounded() async throws {
        let start = ContinuousClock.now
        var elapsed = Duration.zero
        try await withWebApp(maximumSessions: 3, now: { start + elapsed }) { port in
            let (member, reader, later, newcomer) = (Browser(port: port), Browser(port: port), Browser(port: port), Browser(port: port))
            try await member.get("/login")
            try await member.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            elapsed += .seconds(1)
            try await reader.get("/events")
            elapsed += .seconds(1)
            try await later.get("/events")
            elapsed += .seconds(1)

            try await newcomer.get("/events")

            #expect(try await member.get("/events").body.contains("Logged in as Alice Martin"), "used first, but a member's: kept")
            let forgotten = try await reader.get("/events")
            #expect(forgotten.setCookies.contains { $0.hasPrefix("agora_session=") }, "the least recently used reader made way")
            #expect(try await newcomer.get("/events").setCookies.isEmpty, "the newcomer's session is kept")
        }
    }

    @Test("given any page, when it is served, then its policy allows only the app's own script and style, and it links them rather than holding any inline")
    func pagesAllowOnlyTheAppsOwnScriptAndStyle() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            for path in ["/events", "/events/1/comments", "/login", "/nowhere"] {
                let page = try await browser.get(path)
                let policy = try #require(page.header("Content-Security-Policy"), "\(path) has no Content-Security-Policy")
                let directives = Set(policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) })
                #expect(
                    directives.isSuperset(of: ["script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "form-action 'self'"]), "\(path): \(policy)")
                #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(path): \(policy)")
                #expect(page.body.contains("<script src=\"/_assets/agora-web.js\"></script>"), "\(path)")
                #expect(page.body.contains("<link rel=\"stylesheet\" href=\"/_assets/agora-web.css\">"), "\(path)")
                #expect(!page.body.contains("<script>") && !page.body.contains("<style"), "\(path) holds an inline script or style")
            }
            let script = try await browser.get("/_assets/agora-web.js")
            #expect(script.status == 200 && script.header("Content-Type") == "text/javascript; charset=utf-8")
            #expect(script.body.contains("new EventSource('/_live?path='"))
            let style = try await browser.get("/_assets/agora-web.css")
            #expect(style.status == 200 && style.header("Content-Type") == "text/css; charset=utf-8")
            #expect(style.body.contains("ol.rows"))
        }
    }

    @Test("given an asset the browser holds, when asked again with its tag, then 304 with no body; with another tag, or none, the file")
    func assetsAreRevalidated() async throws {
        try await withWebApp { port in
            for (path, type) in [("/_assets/agora-web.css", "text/css"), ("/_assets/agora-web.js", "text/javascript"), ("/_assets/icon.svg", "image/svg+xml")] {
                let first = try await Browser(port: port).get(path)
                #expect(first.status == 200 && first.header("Content-Type")?.hasPrefix(type) == true, "\(path)")
                #expect(first.header("Cache-Control") == "no-cache", "\(path)")
                let tag = try #require(first.header("ETag"), "\(path) has no ETag")

                let again = Browser(port: port)
                again.forwarding = [("If-None-Match", "W/\"other\", \(tag)")]
                let held = try await again.get(path)
                #expect(held.status == 304 && held.body.isEmpty && held.header("ETag") == tag, "\(path): \(held.status)")

                let stale = Browser(port: port)
                stale.forwarding = [("If-None-Match", "\"0\"")]
                let changed = try await stale.get(path)
                #expect(changed.status == 200 && changed.body == first.body, "\(path)")
            }
            let page = try await Browser(port: port).get("/events")
            #expect(page.body.contains(#"<link rel="icon" href="/_assets/icon.svg" type="image/svg+xml">"#))
        }
    }

    @Test("given a browser that accepts gzip, when it asks for the style sheet, then the compressed form with its own tag, revalidated by it")
    func assetsAreCompressed() async throws {
        try await withWebApp { port in
            let plain = try await Browser(port: port).get("/_assets/agora-web.css")
            let browser = Browser(port: port)
            browser.forwarding = [("Accept-Encoding", "gzip, deflate, br")]

            let compressed = try await browser.get("/_assets/agora-web.css")

            #expect(compressed.status == 200 && compressed.header("Content-Encoding") == "gzip")
            #expect(compressed.header("Vary") == "Accept-Encoding" && plain.header("Vary") == "Accept-Encoding", "a cache keeps the two apart")
            #expect(plain.header("Content-Encoding") == nil)
            let size = try #require(compressed.header("Content-Length").flatMap { Int($0) })
            let plainSize = try #require(plain.header("Content-Length").flatMap { Int($0) })
            #expect(size * 2 < plainSize, "\(size) of \(plainSize) bytes")
            let tag = try #require(compressed.header("ETag"))
            #expect(tag != plain.header("ETag"))
            browser.forwarding.append(("If-None-Match", tag))
            let held = try await browser.get("/_assets/agora-web.css")
            #expect(held.status == 304 && held.body.isEmpty && held.header("Content-Encoding") == "gzip")
        }
    }

    @Test("given a path no feature shows, when opened, then 404 says so in a member's words and links the app's pages, naming no route pattern")
    func unknownPage() async throws {
        try await withWebApp { port in
            let reply = try await Browser(port: port).get("/nowhere")
            #expect(reply.status == 404)
            #expect(reply.body.contains("<title>Page not found — Agora</title>"))
            #expect(reply.body.contains("There is no page at this address"))
            #expect(reply.body.contains(#"<ul class="ways"><li><a href="/events">"#))
            #expect(!reply.body.contains("{id}") && !reply.body.contains("/nowhere;"), "no route pattern, no developer's list")
        }
    }
}
