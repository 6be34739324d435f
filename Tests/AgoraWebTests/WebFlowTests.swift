import AgoraAPI
import AgoraApp
import AgoraArchitecture
import AgoraMocks
import AgoraWeb
import AgoraWebUI
import Events
import Foundation
import TemplateItemsWeb
import Testing

/// Each flow the REPL has, through HTTP as a browser without JavaScript drives it: a form post,
/// a 303, the page it leads to.
@Suite("agora-web: the flows")
@MainActor
struct WebFlowTests {
    @Test("given the service unreachable, when the events list opens, then the error shows with Refresh to try again, and no count of the nothing loaded")
    func unreachableListCountsNothing() async throws {
        var offline = AppConfiguration(mode: .oss)
        offline.overrides = { container in
            container.register((any EventsService).self) { resolver in try MockEventsService(mock: resolver.resolve(), fetchEvents: .failure(.offline)) }
        }
        try await withWebApp(configuration: { offline }) { port in
            let page = try await Browser(port: port).get("/events")

            #expect(page.body.contains("class=\"error\""), "\(page.body)")
            #expect(page.body.contains("value=\"refresh\""))
            #expect(!page.body.contains("class=\"count\""), "no \"All 0 events shown.\" beside the error")
            #expect(page.rowCount == 0)
        }
    }

    @Test("given the events list, when More and Refresh are posted, then each answers 303 to the list, which holds the next page, then the first")
    func eventsPaging() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            let first = try await browser.get("/events")
            #expect(first.rowCount == 20)
            #expect(first.body.contains("<li data-row=\"0\" id=\"row-0\">"))
            #expect(first.body.contains("<button type=\"submit\" name=\"action\" value=\"more\">"))

            let more = try await browser.post("/events/more")
            #expect(more.status == 303)
            #expect(more.header("Location") == "/events#row-20", "back to the first row the page added")
            let next = try await browser.follow(more)
            #expect(next.rowCount == 40 && next.body.contains(#"<li data-row="20" id="row-20">"#))

            let refreshed = try await browser.post("/events/refresh")
            #expect(refreshed.header("Location") == "/events")
            #expect(try await browser.follow(refreshed).body.contains("href=\"/events/1\">Swift on the Server</a>"))
        }
    }

    @Test(
        "given an event's 1,200 comments all loaded, when the page is opened, then it shows 50 rows, the last loaded, and Earlier walks back 50 at a time to the first"
    )
    func longListsShowAWindow() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            var page = try await browser.get("/events/1/comments")
            while page.body.contains("value=\"more\"") {
                page = try await browser.follow(try await browser.post("/events/1/comments/more"))
            }
            #expect(page.body.contains("Showing 1151–1200 of 1200 comments."), "\(page.body.suffix(600))")
            #expect(page.rowCount == 50)
            #expect(page.body.contains("<li data-row=\"1199\""), "a row keeps its place in the whole list")
            #expect(page.body.utf8.count < 64 * 1024, "a page, not a thousand rows: \(page.body.utf8.count) bytes")

            let earlier = try await browser.follow(try await browser.post("/events/1/comments/earlier"))
            #expect(earlier.body.contains("1101–1150 of 1200 comments"))
            #expect(earlier.rowCount == 50 && earlier.body.contains("<li data-row=\"1100\""))
            let next = try await browser.follow(try await browser.post("/events/1/comments/more"))
            #expect(next.body.contains("1151–1200 of 1200 comments"), "More shows the rows loaded after the window")
        }
    }

    @Test("given a logged-out visitor on an event, when they RSVP, then the login opens, and after it they land back on the event with the RSVP done")
    func gatedRSVPResumesAfterLogin() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            let event = try await browser.get("/events/1")
            #expect(event.body.contains("<h1>Swift on the Server</h1>"))

            let rsvp = try await browser.post("/events/1/rsvp", [("going", "yes"), ("action", "rsvp")])
            #expect(rsvp.status == 303)
            #expect(rsvp.header("Location") == "/login")
            #expect(try await browser.follow(rsvp).body.contains("name=\"password\""))

            let login = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(login.header("Location") == "/events/1")
            let back = try await browser.follow(login).body
            #expect(back.contains("<p class=\"going\" data-state=\"you\">"))
            #expect(back.contains("<span class=\"count\">41 going</span>"), "40 before Alice's RSVP")
            #expect(back.contains("<p class=\"names\">Alice Martin, "), "the latest to answer is named first")
            #expect(back.contains("<li class=\"avatar\" title=\"Alice Martin\">AM</li>"))
            #expect(back.contains("Logged in as Alice Martin"))
        }
    }

    @Test("given Alice logged in, when she opens an event she hosts, then it says she is hosting and offers no RSVP; another event offers hers")
    func theHostSeesTheyHost() async throws {
        // Who hosts which event does not depend on the day the data is made for.
        let data = MockData()
        let hosted = try #require(data.events.first { $0.hostID == data.users[0].id })
        let other = try #require(data.events.first { $0.hostID != data.users[0].id })
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])

            let page = try await browser.get("/events/\(hosted.id)").body
            #expect(page.contains(#"<p class="going" data-state="host">"#) && page.contains("<strong>You&#39;re hosting</strong>"))
            #expect(!page.contains("/rsvp\""), "no RSVP form for the host")
            let another = try await browser.get("/events/\(other.id)").body
            #expect(another.contains("/events/\(other.id)/rsvp\"") && !another.contains("You&#39;re hosting"))
            #expect(page.contains("<dt>Host</dt><dd>Alice Martin (you)</dd>"))
            let otherHost = try #require(data.users.first { $0.id == other.hostID }?.name)
            #expect(another.contains("<dt>Host</dt><dd>\(otherHost)</dd>"), "the event names its host")
        }
    }

    @Test("given an event, when its page is shown, then who goes: faces with initials hidden from a screen reader, and their names with how many others")
    func whoIsGoing() async throws {
        let event = try #require(MockData().events.first { $0.id == 1 })
        try await withWebApp { port in
            let body = try await Browser(port: port).get("/events/1").body
            let names = try #require(body.firstMatch(of: /<p class="names">([^<]*)<\/p>/)?.1)
            let faces = body.matches(of: /<li class="avatar" title="[^"]+">[^<]+<\/li>/).count

            #expect(body.contains("<ul class=\"faces\" aria-hidden=\"true\">"))
            #expect(faces >= 1 && faces <= 5)
            #expect(names.hasSuffix(" others") || names.hasSuffix(" other"), "\(names) of \(event.attendeeCount)")
            #expect(names.contains(try #require(event.hostName)), "the host goes: \(names)")
        }
    }

    @Test("given an event, when its page is shown, then a date tile and its times with their time zone")
    func eventDateAndZone() async throws {
        let event = try #require(MockData().events.first)
        try await withWebApp { port in
            let page = try await Browser(port: port).get("/events/\(event.id)").body
            // The app's environment: the process's locale and time zone.
            let environment = AgoraEnvironment()
            let start = environment.displayDate(event.startsAt)

            #expect(page.contains("<span class=\"month\">\(start.monthText)</span><span class=\"day\">\(start.dayText)</span>"))
            let zone = TimeZone.current.abbreviation(for: event.startsAt) ?? ""
            #expect(!zone.isEmpty && page.contains(" \(zone)</time></dd>"), "the span ends with its time zone")
        }
    }

    @Test("given an event in Tokyo, when its page is shown, then its times on the venue's clock with its zone, and on the app's below")
    func venueTimeZone() async throws {
        let event = try #require(MockData().events.first { $0.timeZone == "Asia/Tokyo" })
        try await withWebApp { port in
            let page = try await Browser(port: port).get("/events/\(event.id)").body
            let environment = AgoraEnvironment()
            let zone = try #require(TimeZone(identifier: "Asia/Tokyo"))

            #expect(page.contains(" GMT+9</time>"), "the venue's zone")
            let here = environment.timeZone.secondsFromGMT(for: event.startsAt) != zone.secondsFromGMT(for: event.startsAt)
            #expect(page.contains("<span class=\"also\">That is ") == here, "the app's clock too, when it reads otherwise")
        }
    }

    @Test("given an event, when its page is shown, then Add to calendar saves an iCalendar file of that event, named for it, with no request")
    func addToCalendar() async throws {
        let event = try #require(MockData().events.first)
        try await withWebApp { port in
            let page = try await Browser(port: port).get("/events/\(event.id)").body
            let link = try #require(
                page.firstMatch(of: /<a class="button quiet" href="data:text\/calendar;charset=utf-8,([^"]*)" download="([^"]*)">Add to calendar<\/a>/))

            #expect(link.output.2 == "swift-on-the-server.ics")
            let file = try #require(String(link.output.1).removingPercentEncoding)
            #expect(file.hasPrefix("BEGIN:VCALENDAR\r\n") && file.hasSuffix("END:VCALENDAR\r\n"))
            #expect(file.contains("\r\nUID:event-\(event.id)@agora\r\n") && file.contains("\r\nSUMMARY:\(event.title)\r\n"))
            #expect(!String(link.output.1).contains { !($0.isASCII && ($0.isLetter || $0.isNumber || "-._~%".contains($0))) }, "all else escaped")
        }
    }

    @Test(
        "given Alice, when she opens Your events logged out, then it asks for a login and no menu leads there; logged in, then her account menu leads there and it lists the events she goes to; logged out again, then it asks for a login once more"
    )
    func yourEventsInTheAccountMenu() async throws {
        let data = MockData()
        let hers = data.events.filter { data.attends(userID: data.users[0].id, eventID: $0.id) }.prefix(3).map(\.id)
        let notHers = try #require(data.events.first { !data.attends(userID: data.users[0].id, eventID: $0.id) }?.id)
        try await withWebApp { port in
            let browser = Browser(port: port)
            let loggedOut = try await browser.get("/events/going").body
            #expect(loggedOut.contains("<h1>Your events</h1>") && loggedOut.contains("Log in to see the events you are going to."))
            #expect(loggedOut.contains(#"<main id="screen">"#) && loggedOut.contains(#"<a class="button primary" href="/login">Log in</a></div></main>"#))
            #expect(!loggedOut.contains("/events/going/refresh"), "nothing to refresh before a login")
            #expect(!loggedOut.contains("href=\"/events/going\""), "no menu of a member's")

            _ = try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            let events = try await browser.get("/events").body
            let yours = try await browser.get("/events/going").body

            #expect(events.contains(#"<nav aria-label="Your account"><a href="/events/going">Your events</a></nav>"#))
            #expect(yours.contains(#"<nav aria-label="Your account"><a href="/events/going" aria-current="page">Your events</a></nav>"#))
            #expect(yours.contains(#"<a href="/events">Events</a>"#), "the bar's Events is not this page")
            for id in hers { #expect(yours.contains("<a href=\"/events/\(id)\">"), "event \(id) is hers") }
            #expect(!yours.contains("<a href=\"/events/\(notHers)\">"), "event \(notHers) is not hers")
            #expect(!yours.contains("Log in to see"))
            #expect(!yours.contains("You&#39;re going"), "every event here is hers: it goes unsaid")
            #expect(events.contains("You&#39;re going"), "on the list of every event, it is said")

            try await browser.post("/logout", [("from", "/events/going")])
            let afterLogout = try await browser.get("/events/going").body
            #expect(afterLogout.contains("Log in to see the events you are going to."))
            #expect(!afterLogout.contains("You are not going to any"), "nobody is there to go")
            for id in hers { #expect(!afterLogout.contains("<a href=\"/events/\(id)\">"), "event \(id) was hers") }
        }
    }

    @Test("given an event opened before a login, when the visitor goes back to it after logging in on its comments, then it shows the member's RSVP")
    func pageBelowShowsTheLogin() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            #expect(!(try await browser.get("/events/2").body.contains("data-state=\"you\"")), "Alice goes; nobody is logged in yet")
            _ = try await browser.get("/events/2/comments")
            _ = try await browser.get("/login")
            let login = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(login.header("Location") == "/events/2/comments")

            let event = try await browser.get("/events/2").body

            #expect(event.contains("<p class=\"going\" data-state=\"you\">"), "the event asked again as Alice once it was back on top")
        }
    }

    @Test("given an account with a second step, when the password is accepted, then the code is asked on the same page, and the right code logs in")
    func twoFactorLogin() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events")
            try await browser.get("/login")
            let password = try await browser.post("/login", [("email", "bob@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(password.header("Location") == "/login")
            let codePage = try await browser.follow(password).body
            #expect(codePage.contains("name=\"code\""))
            #expect(codePage.contains("action=\"/login/code\""))

            let wrong = try await browser.post("/login/code", [("code", "000000")])
            #expect(wrong.header("Location") == "/login")
            #expect(try await browser.follow(wrong).body.contains("<p class=\"error\" role=\"alert\">"))

            let resend = try await browser.post("/login/resend")
            #expect(resend.header("Location") == "/login")
            #expect(try await browser.follow(resend).body.contains("<p class=\"notice\" role=\"status\">"))

            let code = try await browser.post("/login/code", [("code", "424242")])
            #expect(code.header("Location") == "/events")
            #expect(try await browser.follow(code).body.contains("Logged in as Bob Okafor"))
        }
    }

    @Test("given an event that does not exist, when its page is opened, then it answers 404, one error says so and the page offers to load it again")
    func missingEvent() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            #expect(try await browser.get("/events/1").status == 200)
            let reply = try await browser.get("/events/999999")
            #expect(reply.status == 404)
            let page = reply.body
            let errors = page.matches(of: #/<p class="error" role="alert">([^<]*)</p>/#).map { String($0.1) }
            #expect(errors.count == 1, "\(errors)")
            #expect(errors.first?.isEmpty == false)
            #expect(page.contains("value=\"refresh\""))
        }
    }

    @Test("given an event with comments, when its page is shown, then its three newest comments below it, and a link to the whole conversation")
    func latestCommentsOnTheEventPage() async throws {
        let newest = try MockData().commentsPage(CommentsRequest(eventID: 1, limit: 3)).items
        try await withWebApp { port in
            let body = try await Browser(port: port).get("/events/1").body
            let section = try #require(body.firstMatch(of: /<section class="latest" aria-labelledby="latest-comments">.*<\/section>/)?.0)

            #expect(section.contains("<h2 id=\"latest-comments\">Latest comments</h2>"))
            #expect(section.matches(of: /<li><p class="byline">/).count == 3)
            #expect(newest.count == 3)
            for comment in newest { #expect(section.contains(comment.body), "\(comment.body)") }
            #expect(section.contains("<a href=\"/events/1/comments\">Read the whole conversation and join in</a>"))
        }
    }

    @Test(
        "given a member who posts on an event's comments, when they go back to the event, then their comment leads its latest; an event with none invites the first"
    )
    func postedCommentShowsOnTheEventPage() async throws {
        let quiet = try #require(MockData().events.first { $0.commentCount == 0 })
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/2")
            try await browser.get("/events/2/comments")
            _ = try await browser.post("/events/2/comments", [("text", "Count me in")])

            let event = try await browser.get("/events/2").body
            let firstCard = try #require(event.firstMatch(of: /<section class="latest"[^>]*>.*?<\/li>/)?.0)
            #expect(firstCard.contains("Alice Martin (you)") && firstCard.contains("Count me in"), "\(firstCard)")

            let empty = try await browser.get("/events/\(quiet.id)").body
            #expect(empty.contains("No comments yet. <a href=\"/events/\(quiet.id)/comments\">Write the first</a>"))
        }
    }

    @Test("given a logged-in member on comments, when they post, then their comment is the first row, theirs, and Delete removes it")
    func postAndDeleteComment() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1")
            let before = try await browser.get("/events/1/comments")
            #expect(before.body.contains("<h1>Comments on Swift on the Server</h1>"), "the event's name, as this session saw it")

            let posted = try await browser.post("/events/1/comments", [("text", "See you there")])
            #expect(posted.status == 303)
            #expect(posted.header("Location") == "/events/1/comments")
            let page = try await browser.follow(posted).body
            #expect(
                page.contains(
                    "<li data-row=\"0\" data-state=\"you\" id=\"row-0\"><p class=\"byline\"><span class=\"avatar\" aria-hidden=\"true\">A</span><strong class=\"author\">Alice Martin (you)</strong>"
                ))
            #expect(page.contains("See you there"))
            let delete = try #require(Self.action("delete", onRowWith: "See you there", in: page), "a Delete on the new comment's row")
            #expect(delete.wholeMatch(of: #/\/events\/1\/comments\/[0-9]+\/delete/#) != nil, "by the comment's id: \(delete)")

            let asked = try await browser.follow(try await browser.post(delete)).body
            #expect(asked.contains("Delete this comment? This cannot be undone."), "a delete asks first")
            #expect(asked.contains("See you there"), "nothing is deleted before the member confirms")
            let kept = try await browser.follow(try await browser.post("/events/1/comments/keep")).body
            #expect(kept.contains("See you there") && !kept.contains("cannot be undone"), "Keep it takes the question back")

            _ = try await browser.post(delete)
            let deleted = try await browser.post(delete, [("confirmed", "yes")])
            #expect(deleted.header("Location") == "/events/1/comments")
            #expect(!(try await browser.follow(deleted).body.contains("See you there")))
        }
    }

    @Test(
        "given a member's comment over the length limit, when posted, then it is refused with an error beside it and the composer still holds every character typed"
    )
    func refusedCommentKeepsItsText() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1/comments")
            let text = String(repeating: "a", count: 1_990) + " 2,001 chars"

            let page = try await browser.follow(try await browser.post("/events/1/comments", [("text", text)])).body

            #expect(page.contains("role=\"alert\""), "an error says why")
            #expect(page.contains("maxlength=\"2000\">\(text)</textarea>"), "the text typed is still there to shorten")
            #expect(!page.contains("<li data-row=\"0\" data-state=\"you\""), "nothing was posted")
            let posted = try await browser.follow(try await browser.post("/events/1/comments", [("text", "Short now")])).body
            #expect(posted.contains("maxlength=\"2000\"></textarea>"), "a comment taken empties the composer")
        }
    }

    @Test("given a logged-out visitor, when they post a comment and then log in, then they land back on the comments with it posted")
    func gatedPostResumesAfterLogin() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let post = try await browser.post("/events/1/comments", [("text", "Posted after the login"), ("action", "post")])
            #expect(post.header("Location") == "/login")
            #expect(try await browser.follow(post).body.contains("<h1>Log in</h1>"))

            let login = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo"), ("action", "login")])
            #expect(login.header("Location") == "/events/1/comments")
            let page = try await browser.follow(login).body
            #expect(
                page.contains(
                    "<li data-row=\"0\" data-state=\"you\" id=\"row-0\"><p class=\"byline\"><span class=\"avatar\" aria-hidden=\"true\">A</span><strong class=\"author\">Alice Martin (you)</strong>"
                ))
            #expect(page.contains("Posted after the login"))
        }
    }

    @Test("given a row that is not there or an action a page does not have, when posted, then the page says so in one line naming what would be right")
    func badActionsAreExplained() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let row = try await browser.post("/events/1/comments/999999999/retry")
            #expect(row.header("Location") == "/events/1/comments")
            #expect(
                try await browser.follow(row).body.contains(
                    "<p class=\"error\" role=\"alert\">That comment is no longer in the list: it was deleted, or the list changed since it was shown.</p>"))
            let notAnID = try await browser.post("/events/1/comments/row-3/discard")
            #expect(
                try await browser.follow(notAnID).body.contains(
                    "<p class=\"error\" role=\"alert\">&#39;row-3&#39; names no row: `discard` takes a comment&#39;s id (42), or an unsent comment&#39;s (draft-7).</p>"
                ))

            let unknown = try await browser.post("/events/1/comments", [("action", "shout")])
            #expect(
                try await browser.follow(unknown).body.contains(
                    "The comments page has no action &#39;shout&#39;; it has post, more, refresh, retry, discard, delete, keep, event.</p>"))

            try await browser.get("/events/1")
            let rsvp = try await browser.post("/events/1/rsvp", [("going", "maybe")])
            #expect(try await browser.follow(rsvp).body.contains("`rsvp` takes going=yes or going=no, got &#39;maybe&#39;."))
        }
    }

    @Test("given a logged-out visitor, when they post a comment and cancel the login, then the row is kept as not sent, and Discard drops it")
    func commentNotSentThenDiscarded() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let post = try await browser.post("/events/1/comments", [("text", "Draft from a visitor"), ("action", "post")])
            #expect(post.header("Location") == "/login")
            try await browser.follow(post)

            let cancel = try await browser.post("/login/cancel")
            #expect(cancel.header("Location") == "/events/1/comments")
            let page = try await browser.follow(cancel).body
            #expect(page.contains("<li data-row=\"0\" data-state=\"failed\""))
            #expect(page.contains("<em class=\"status\">not sent</em></p><p class=\"text\"><span class=\"line\">Draft from a visitor</span>"))
            #expect(Self.action("retry", onRowWith: "Draft from a visitor", in: page)?.wholeMatch(of: #/\/events\/1\/comments\/draft-[0-9]+\/retry/#) != nil)

            let discard = try await browser.post(try #require(Self.action("discard", onRowWith: "Draft from a visitor", in: page)))
            #expect(!(try await browser.follow(discard).body.contains("Draft from a visitor")))
        }
    }

    @Test(
        "given the activity feed, when logged out then logged in, then it says only to log in (nothing to refresh or count), then lists the member's activity, one linked sentence each; Log out ends it"
    )
    func activitiesAndLogout() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            let loggedOut = try await browser.get("/activities")
            #expect(loggedOut.body.contains("<p class=\"empty\">Log in to see what is happening"))
            #expect(loggedOut.body.contains("value=\"login\""))
            #expect(!loggedOut.body.contains("value=\"refresh\"") && !loggedOut.body.contains("loaded"), "no list to refresh or count")

            let login = try await browser.post("/activities/login")
            #expect(login.header("Location") == "/login")
            let done = try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(done.header("Location") == "/activities")
            let feed = try await browser.follow(done)
            #expect(feed.body.contains("<h1>Activity for Alice Martin</h1>"))
            #expect(feed.rowCount > 0)
            #expect(!feed.body.contains("class=\"kind\""), "the sentence says what happened; no tag repeats it")
            #expect(feed.body.contains("<p class=\"text\"><a href=\"/events/"), "each item one sentence, a link")

            let logout = try await browser.post("/logout", [("from", "/activities")])
            #expect(logout.header("Location") == "/activities")
            let after = try await browser.follow(logout).body
            #expect(after.contains("href=\"/login\">Log in</a>"))
            #expect(after.contains("<p class=\"empty\">Log in to see"))
        }
    }

    @Test(
        "given a member with an empty feed, when the feed opens and More is pressed, then the empty state says why and points to the events, and More says it again as a notice"
    )
    func emptyFeed() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "frank@agora.example"), ("password", "agora-demo")])
            let feed = try await browser.get("/activities")
            #expect(feed.body.contains("<p class=\"empty\">Nothing here yet. RSVP to an event to follow its comments.</p>"))
            #expect(feed.rowCount == 0)
            #expect(feed.body.contains("<a href=\"/events\">See the upcoming events</a>"), "the empty state points somewhere")
            #expect(!feed.body.contains("value=\"more\""), "no page after an empty one")

            let more = try await browser.post("/activities/more")
            #expect(try await browser.follow(more).body.contains("<p class=\"notice\" role=\"status\">Nothing here yet."))
        }
    }

    @Test(
        "given a comments page followed through server-sent events, then the stream opens silent; when a comment is posted in the session, then it says the page changed"
    )
    func liveUpdates() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1/comments")
            let stream = try await browser.live("/events/1/comments", until: { $0.contains("event: changed") }) {
                try await browser.post("/events/1/comments", [("text", "Seen in the other tab")])
            }
            #expect(stream.opening.contains(": following /events/1/comments"))
            #expect(!stream.opening.contains("event: changed"), "the page shown was rendered from the values the stream opened on")
            #expect(stream.afterwards.contains("event: changed\ndata: /events/1/comments\n\n"))
        }
    }

    @Test("given agora-web started with the explorer open, when a new visitor opens a page, then the panel is there; when they close it, it stays closed")
    func explorerOpenAtStart() async throws {
        try await withWebSessions(opensExplorer: true) { port, _ in
            let browser = Browser(port: port)
            let first = try await browser.get("/events").body
            #expect(first.contains("<aside id=\"explorer\""))
            #expect(first.contains("aria-pressed=\"true\""), "the footer's toggle says it is on")

            try await browser.post("/_explorer", [("from", "/events")])

            #expect(!(try await browser.get("/events").body.contains("id=\"explorer\"")))
        }
    }

    @Test(
        "given the explorer toggled on, when a page is opened, then the panel shows the trace, the stack, the top ViewModel and its inputs, the container by assembly, the plugins and the routes"
    )
    func explorerPanel() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            #expect(!(try await browser.get("/events").body.contains("id=\"explorer\"")))
            let toggle = try await browser.post("/_explorer", [("from", "/events")])
            #expect(toggle.header("Location") == "/events")
            try await browser.post("/events/more")
            let page = try await browser.get("/events").body
            #expect(page.contains("<aside id=\"explorer\""))
            #expect(page.contains("input EventsListViewModel.willDisplayRow(19, 20)"))
            #expect(page.contains("request fetchEvents (mock, "), "with its mode and duration, as the REPL's trace says it")
            #expect(page.contains("agora://events  EventsListViewModel  EventsListCoordinator"))
            #expect(page.contains("EventsAssembly"))
            #expect(page.contains("<td>EventsFetchable</td><td>as EventsUseCase (container)</td>"), "as the REPL's `container` says it")
            #expect(page.contains("<td>AgoraEnvironment</td><td>instance</td>"))
            #expect(page.contains("<h4>EventsAssembly (5)</h4>"), "a table per assembly, as the REPL's `container` groups them")
            #expect(page.contains("<p class=\"legend\">Scopes: transient = a new one each resolve;"), "and what each scope means")
            #expect(page.contains("<p>EventsListViewModel at agora://events, work idle</p>"), "the top ViewModel, as `inspect` shows it")
            #expect(page.contains("<tr><td>list.rows</td><td class=\"value\">40 items</td></tr>"))
            #expect(
                page.contains("<td>Events</td><td>agora://events agora://events/going agora://events/42</td><td>5</td><td>Auth</td>"),
                "the plugins, as `plugins` lists them")
            #expect(page.contains("<tr><td>willDisplayRow</td><td>row: Int, outOf: Int</td><td><form"), "the inputs the page sends, as `inputs` lists them")
            #expect(page.contains("<tr><td>agora://events/42/comments</td><td>"), "the routes, as `routes` lists them")
            #expect(!page.contains("session: "), "the session is traced when it changes, not when the trace starts")

            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            #expect(try await browser.get("/events").body.contains("session: logged in as Alice Martin"))
        }
    }

    @Test(
        "given the explorer on and an event's comments opened from the event, when the browser goes Back to the event, then the panel inspects the event's page and says the comments are kept for Forward"
    )
    func explorerAfterBack() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events")
            try await browser.post("/_explorer", [("from", "/events")])
            try await browser.get("/events/1")
            try await browser.get("/events/1/comments")

            let page = try await browser.get("/events/1").body

            #expect(page.contains("agora://events/1  EventDetailViewModel  EventDetailCoordinator  (shown)"), "the page the browser shows")
            #expect(page.contains("agora://events/1/comments  CommentsViewModel  CommentsCoordinator  (kept for Forward)"))
            #expect(page.contains("<p>EventDetailViewModel at agora://events/1, work idle</p>"), "what is inspected is what is shown")
            #expect(page.contains("<tr><td>rsvpTapped</td><td>going: Bool</td><td><form"), "and so are its inputs")
            #expect(!page.contains("<tr><td>postButtonTapped</td>"), "not the comments' page's")
        }
    }

    @Test(
        "given the explorer on over the events, when its form sends willDisplayRow with 19 and 20, then the next page loads and the trace says the page sent it; an argument that is no number sends nothing and says why"
    )
    func explorerSendsAnInput() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events")
            try await browser.post("/_explorer", [("from", "/events")])
            let form = try await browser.get("/events").body
            #expect(form.contains("<input type=\"hidden\" name=\"input\" value=\"willDisplayRow\">"), "each input has its form")

            let sent = try await browser.post(
                "/_explorer/send", [("from", "/events"), ("input", "willDisplayRow"), ("argument0", "19"), ("argument1", "20")])

            #expect(sent.header("Location") == "/events")
            let page = try await browser.get("/events").body
            #expect(page.contains("input EventsListViewModel.willDisplayRow(19, 20)"), "traced as one the page sends")
            #expect(page.contains("<tr><td>list.rows</td><td class=\"value\">40 items</td></tr>"), "and the ViewModel loaded its next page")

            try await browser.post("/_explorer/send", [("from", "/events"), ("input", "willDisplayRow"), ("argument0", "nineteen"), ("argument1", "40")])
            let refused = try await browser.get("/events").body
            #expect(refused.contains("The first argument of `willDisplayRow` must be"), "the page says what was wrong")
            #expect(!refused.contains("willDisplayRow(nineteen"), "and nothing was sent")
            #expect(refused.contains("<tr><td>list.rows</td><td class=\"value\">40 items</td></tr>"))

            try await browser.post("/_explorer/send", [("from", "/events"), ("input", "deleteEverything")])
            #expect(try await browser.get("/events").body.contains("EventsListViewModel has no input &#39;deleteEverything&#39;; its inputs: "))
        }
    }

    @Test(
        "given the explorer on, when its form resolves EventsFetchable, then the panel shows each step as the REPL's resolve does; a type not registered is refused"
    )
    func explorerResolvesAType() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/events")
            try await browser.post("/_explorer", [("from", "/events")])
            #expect(try await browser.get("/events").body.contains("<option>EventsFetchable</option>"), "the registered types to choose from")

            let resolved = try await browser.post("/_explorer/resolve", [("from", "/events"), ("type", "EventsFetchable")])

            #expect(resolved.header("Location") == "/events#explorer-resolve")
            let page = try await browser.get("/events").body
            #expect(page.contains("<li>Resolved EventsFetchable in "))
            #expect(page.contains("<li>EventsFetchable  (the shared EventsUseCase, "), "each step as `resolve` words it")
            #expect(page.contains("<li>  EventsUseCase  (container, "), "indented by depth")

            try await browser.post("/_explorer/resolve", [("from", "/events"), ("type", "NoSuchService")])
            #expect(try await browser.get("/events").body.contains("Nothing is registered as &#39;NoSuchService&#39;"))
        }
    }

    @Test("given the template feature's web views, when its list is opened, then it is a list page like every other")
    func templateFeatureHasAWebView() async throws {
        try await withWebApp(views: { AgoraWebPlugins.all + [TemplateItemsWebViews()] }) { port in
            let page = try await Browser(port: port).get("/template-items")
            #expect(page.status == 200)
            #expect(page.body.contains("<h1>Template items</h1>"))
            #expect(page.body.contains("<ol class=\"rows\">"))
        }
    }

    @Test(
        "given Alice asked to delete her older comment in one window, when she posts another from a second window before confirming, then confirming deletes the comment she chose, not the one now in its place"
    )
    func confirmingADeleteAfterTheRowsMovedDeletesTheCommentChosen() async throws {
        try await withWebApp { port in
            let browser = Browser(port: port)
            try await browser.get("/login")
            try await browser.post("/login", [("email", "alice@agora.example"), ("password", "agora-demo")])
            try await browser.get("/events/1/comments")
            try await browser.post("/events/1/comments", [("text", "OLD-1")])
            let before = try await browser.follow(try await browser.post("/events/1/comments", [("text", "OLD-2")])).body
            let delete = try #require(Self.action("delete", onRowWith: "OLD-1", in: before))
            let asked = try await browser.follow(try await browser.post(delete)).body
            let confirm = try #require(Self.action("delete", onRowWith: "OLD-1", in: asked), "the question shows on OLD-1's row")
            #expect(asked.components(separatedBy: "<li ").first { $0.contains("OLD-1") }?.contains("cannot be undone") == true)

            // The second window: the same session posts a comment, which goes on top.
            try await browser.post("/events/1/comments", [("text", "NEW")])
            let deleted = try await browser.follow(try await browser.post(confirm, [("confirmed", "yes")])).body

            #expect(!deleted.contains("OLD-1"), "the comment chosen is deleted")
            #expect(deleted.contains("OLD-2") && deleted.contains("NEW"), "the others stay")
        }
    }

    /// The path that the form for `action` on the row showing `text` posts to, as a browser
    /// finds it on the page.
    static func action(_ action: String, onRowWith text: String, in page: String) -> String? {
        guard let row = page.components(separatedBy: "<li ").first(where: { $0.contains(text) }) else { return nil }
        return row.matches(of: #/action="([^"]+)"/#).map { String($0.1) }.first { $0.hasSuffix("/" + action) }
    }
}
