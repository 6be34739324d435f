import AgoraContract
import AgoraMocks
import Foundation
import Testing

@Suite("Events: keyset pages, isGoing per viewer, RSVPs")
struct EventsTests {
    @Test(
        "given 60 events, when paging by nextCursor 7 at a time, then every event once, soonest first, and the last page has no cursor",
        arguments: StoreKind.all)
    func pagingByCursor(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            var ids: [Int64] = []
            var cursor: String?
            var pages = 0
            repeat {
                let query = cursor.map { "&cursor=\($0)" } ?? ""
                let page = try await server.client.get("/v1/events?limit=7\(query)").decode(Components.Schemas.EventsPage.self)
                ids += page.items.map(\.id)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 20

            #expect(ids == demoData.events.map { Int64($0.id) })
            #expect(pages == 9)
        }
    }

    @Test("given the demo seed, when listing and opening events, then each names its host as OSS mode does", arguments: StoreKind.all)
    func hostNames(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let page = try await server.client.get("/v1/events?limit=10").decode(Components.Schemas.EventsPage.self)
            let one = try await server.client.get("/v1/events/1").decode(Components.Schemas.Event.self)

            #expect(page.items.map(\.hostName) == demoData.events.prefix(10).map(\.hostName))
            #expect(page.items.allSatisfy { $0.hostName?.isEmpty == false })
            #expect(one.hostName == demoData.users.first { $0.id == Int(one.hostID) }?.name)
        }
    }

    @Test(
        "given the demo seed, when listing and opening events, then a venue in Tokyo or Osaka gives its time zone and the others none", arguments: StoreKind.all
    )
    func venueTimeZones(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let page = try await server.client.get("/v1/events?limit=10").decode(Components.Schemas.EventsPage.self)
            let osaka = try await server.client.get("/v1/events/5").decode(Components.Schemas.Event.self)

            #expect(page.items.map(\.timeZone) == demoData.events.prefix(10).map(\.timeZone))
            #expect(page.items.compactMap(\.timeZone) == ["Asia/Tokyo", "Asia/Tokyo"], "events 5 and 6 are in Osaka and Tokyo")
            #expect(osaka.venue == "梅田スカイビル" && osaka.timeZone == "Asia/Tokyo")
        }
    }

    @Test(
        "given the demo seed, when opening event 7, then it names who goes as OSS mode does; Alice's RSVP names her first, to anyone and in a list",
        arguments: StoreKind.all)
    func attendees(store: StoreKind) async throws {
        let mock = try MockService(data: demoData).backend.event(id: 7, viewer: nil)
        try await TestServer.with(store: store) { server in
            let before = try await server.client.get("/v1/events/7").decode(Components.Schemas.Event.self)
            #expect(before.attendees?.map(\.id) == mock.attendees?.map { Int64($0.id) })
            #expect(before.attendees?.map(\.name) == mock.attendees?.map(\.name))
            #expect(before.attendees?.isEmpty == false && before.attendees?.contains { $0.id == 1 } == false)

            let alice = try await server.login(Demo.alice)
            let going = try await server.client.put("/v1/events/7/rsvp", #"{"going":true}"#, token: alice)
                .decode(Components.Schemas.Event.self)
            let seenByAnyone = try await server.client.get("/v1/events/7").decode(Components.Schemas.Event.self)
            let list = try await server.client.get("/v1/events?limit=30").decode(Components.Schemas.EventsPage.self)

            #expect(going.attendees?.first?.id == 1 && going.attendees?.first?.name == "Alice Martin")
            #expect(going.attendees?.count == min((before.attendees?.count ?? 0) + 1, 5))
            #expect(seenByAnyone.attendees == going.attendees)
            #expect(list.items.first { $0.id == 7 }?.attendees == going.attendees, "every copy is whole")
            let mock = MockService(data: demoData)
            for event in list.items where event.id != 7 {
                let expected = try mock.backend.event(id: Int(event.id), viewer: nil).attendees?.map { Int64($0.id) }
                #expect(event.attendees?.map(\.id) == expected, "event \(event.id) as OSS mode names them")
            }
        }
    }

    @Test("given a viewer, when listing or opening events, then isGoing is that viewer's answer; without a token it is false", arguments: StoreKind.all)
    func isGoingPerViewer(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let dmitri = try await server.login(Demo.dmitri)

            for (token, userID) in [(alice, 1), (dmitri, 5)] {
                let page = try await server.client.get("/v1/events?limit=30", token: token).decode(Components.Schemas.EventsPage.self)
                #expect(page.items.map(\.isGoing) == page.items.map { demoData.attends(userID: userID, eventID: Int($0.id)) })
                #expect(page.items.contains { $0.isGoing })
            }
            let anonymous = try await server.client.get("/v1/events?limit=30").decode(Components.Schemas.EventsPage.self)
            #expect(!anonymous.items.contains { $0.isGoing })

            let event = try await server.client.get("/v1/events/1", token: dmitri).decode(Components.Schemas.Event.self)
            #expect(event.isGoing == demoData.attends(userID: 5, eventID: 1))
            #expect(event.title == demoData.events[0].title)
        }
    }

    @Test(
        "given Alice, when she lists the events she goes to, then those the demo seed gives her, soonest first, paged; one she joins is among them, one she leaves is not",
        arguments: StoreKind.all)
    func eventsSheGoesTo(store: StoreKind) async throws {
        let expected = demoData.events.filter { demoData.attends(userID: 1, eventID: $0.id) }.map { Int64($0.id) }
        try #require(expected.count > 3, "the demo seed gives Alice several events")
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)

            let first = try await server.client.get("/v1/events?going=true&limit=3", token: alice).decode(Components.Schemas.EventsPage.self)
            let cursor = try #require(first.nextCursor)
            let rest = try await server.client.get("/v1/events?going=true&limit=100&cursor=\(cursor)", token: alice)
                .decode(Components.Schemas.EventsPage.self)
            #expect((first.items + rest.items).map(\.id) == expected)
            #expect((first.items + rest.items).allSatisfy { $0.isGoing })
            #expect(rest.nextCursor == nil)

            let joining = try #require(demoData.events.first { !demoData.attends(userID: 1, eventID: $0.id) })
            let leaving = try #require(demoData.events.first { demoData.attends(userID: 1, eventID: $0.id) && $0.hostID != 1 })
            _ = try await server.client.put("/v1/events/\(joining.id)/rsvp", #"{"going":true}"#, token: alice)
            _ = try await server.client.put("/v1/events/\(leaving.id)/rsvp", #"{"going":false}"#, token: alice)
            let after = try await server.client.get("/v1/events?going=true&limit=100", token: alice).decode(Components.Schemas.EventsPage.self)

            #expect(after.items.map(\.id).contains(Int64(joining.id)))
            #expect(!after.items.map(\.id).contains(Int64(leaving.id)))
            #expect(after.items.count == expected.count)
        }
    }

    @Test("given no token, or one that does not work, when listing the events one goes to, then 401; going=false lists every event", arguments: StoreKind.all)
    func eventsOneGoesToNeedAToken(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let none = try await server.client.get("/v1/events?going=true")
            let stale = try await server.client.get("/v1/events?going=true", token: "stale")
            let every = try await server.client.get("/v1/events?going=false&limit=30").decode(Components.Schemas.EventsPage.self)
            let wrong = try await server.client.get("/v1/events?going=maybe")

            #expect(none.status == 401)
            #expect(stale.status == 401)
            #expect(every.items.count == 30)
            #expect(wrong.status == 400)
        }
    }

    @Test(
        "given Alice not going to event 1, when she says going then not going, then the count goes up by one and back, and twice changes nothing",
        arguments: StoreKind.all)
    func rsvpChangesCounts(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let before = try await server.client.get("/v1/events/1").decode(Components.Schemas.Event.self)
            try #require(!demoData.attends(userID: 1, eventID: 1))

            let going = try await server.client.put("/v1/events/1/rsvp", #"{"going":true}"#, token: alice)
            let goingAgain = try await server.client.put("/v1/events/1/rsvp", #"{"going":true}"#, token: alice)

            #expect(going.status == 200)
            #expect(try going.decode(Components.Schemas.Event.self).isGoing)
            #expect(try going.decode(Components.Schemas.Event.self).attendeeCount == before.attendeeCount + 1)
            #expect(try goingAgain.decode(Components.Schemas.Event.self).attendeeCount == before.attendeeCount + 1)

            let notGoing = try await server.client.put("/v1/events/1/rsvp", #"{"going":false}"#, token: alice)
            #expect(try notGoing.decode(Components.Schemas.Event.self).isGoing == false)
            #expect(try notGoing.decode(Components.Schemas.Event.self).attendeeCount == before.attendeeCount)
        }
    }

    @Test("given Bob hosts event 1, when he says he is not going, then 400 naming field going", arguments: StoreKind.all)
    func hostCannotCancel(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let bob = try await server.loginBob()
            try #require(demoData.events[0].hostID == 2)

            let response = try await server.client.put("/v1/events/1/rsvp", #"{"going":false}"#, token: bob)

            #expect(response.status == 400)
            #expect(try response.error.field == "going")
        }
    }

    @Test("given bad input, when asking for events, then 400 naming the parameter, or 404 for an unknown event", arguments: StoreKind.all)
    func invalidRequests(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let alice = try await server.login(Demo.alice)
            let cases: [(String, Int, String?)] = [
                ("/v1/events?cursor=garbage", 400, "cursor"),
                ("/v1/events?cursor=c.1795615200.2", 400, "cursor"),  // a comments cursor
                ("/v1/events?limit=101", 400, "limit"),
                ("/v1/events?limit=ten", 400, "limit"),
                ("/v1/events/0", 400, "eventID"),
                ("/v1/events/abc", 400, "eventID"),
                ("/v1/events/999", 404, nil),
            ]
            for (path, status, field) in cases {
                let response = try await server.client.get(path)
                #expect(response.status == status, "\(path)")
                #expect(try response.error.field == field, "\(path)")
            }
            let rsvp = try await server.client.put("/v1/events/1/rsvp", #"{"going":"yes"}"#, token: alice)
            #expect(rsvp.status == 400)
            #expect(try rsvp.error.field == "going")
            let unknown = try await server.client.put("/v1/events/999/rsvp", #"{"going":true}"#, token: alice)
            #expect(unknown.status == 404)
        }
    }

    @Test("given an unknown token, when listing events it is read as none, and when opening one it is a 401", arguments: StoreKind.all)
    func staleTokenOnReads(store: StoreKind) async throws {
        try await TestServer.with(store: store) { server in
            let list = try await server.client.get("/v1/events", token: "stale")
            let one = try await server.client.get("/v1/events/1", token: "stale")

            #expect(list.status == 200)
            #expect(one.status == 401)
        }
    }
}
