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
        let mock = try await MockService(data: demoData).fetchEvent(id: 7)
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
                let expected = try await mock.fetchEvent(id: Int(event.id)).attendees?.map { Int64($0.id) }
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
