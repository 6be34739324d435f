import AgoraModels
import Foundation
import Testing

@testable import AgoraWeb

/// What every store of sessions promises the agora-web processes that share it, in SQLite and
/// in PostgreSQL alike.
@Suite("WebSessionStore: what every store of sessions keeps, and which it ends")
struct WebSessionStoreTests {
    /// A record of `id` at `address`, saved as `version`, last used `secondsAgo` ago.
    func record(
        _ id: String, at address: String = "127.0.0.1", loggedIn: Bool = false, acted: Bool = false, secondsAgo: Double = 0, version: Int = 1
    ) -> StoredWebSession {
        StoredWebSession(
            id: id, csrfToken: "csrf-\(id)", address: address, deviceID: nil,
            login: loggedIn ? Session(token: AccessToken("token-\(id)"), user: User(id: 1, name: "Alice Martin", email: "alice@agora.example")) : nil,
            outboxes: Data(), pages: [.init(path: "/events/\(version)", state: nil)], hasActed: acted, loginReason: nil, isExplorerOpen: false,
            lastUsed: Date().addingTimeInterval(-secondsAgo), version: version)
    }

    @Test("given a record saved as version 3, when version 2 of it arrives later, then the store keeps version 3", arguments: WebSessionStoreKind.all)
    func anOlderSaveNeverReplacesANewer(kind: WebSessionStoreKind) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let store = try await place.open()
        try await store.save(record("a", version: 3))

        try await store.save(record("a", version: 2))

        #expect(try await store.version(of: "a") == 3)
        #expect(try await store.load("a")?.pages.map(\.path) == ["/events/3"])
        try await store.save(record("a", version: 4))
        #expect(try await store.load("a")?.version == 4, "a newer one replaces it")
    }

    @Test(
        "given an address holding its most, when a newcomer from it comes, then its reader's record ends, not its member's nor its visitor's who acted",
        arguments: WebSessionStoreKind.all)
    func roomAtAnAddressIsTheReaders(kind: WebSessionStoreKind) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let store = try await place.open()
        try await store.save(record("member", at: "10.0.0.1", loggedIn: true, secondsAgo: 60))
        try await store.save(record("visitor", at: "10.0.0.1", acted: true, secondsAgo: 50))
        try await store.save(record("reader", at: "10.0.0.1", secondsAgo: 1))
        try await store.save(record("elsewhere", at: "10.0.0.2", secondsAgo: 90))

        let ended = try await store.makeRoom(for: "10.0.0.1", maximumPerAddress: 3, maximumCount: 100)

        #expect(ended == ["reader"])
        #expect(try await store.version(of: "reader") == nil)
        #expect(try await store.version(of: "member") == 1)
        #expect(try await store.makeRoom(for: "10.0.0.3", maximumPerAddress: 3, maximumCount: 100).isEmpty, "another address has room")
    }

    @Test(
        "given every record a member's, when the store holds its most, then the least recently used member's ends",
        arguments: WebSessionStoreKind.all)
    func roomInAllIsTheLeastRecentlyUsed(kind: WebSessionStoreKind) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let store = try await place.open()
        try await store.save(record("recent", at: "10.0.0.1", loggedIn: true, secondsAgo: 5))
        try await store.save(record("oldest", at: "10.0.0.2", loggedIn: true, secondsAgo: 500))
        try await store.save(record("older", at: "10.0.0.3", loggedIn: true, secondsAgo: 50))

        let ended = try await store.makeRoom(for: "10.0.0.4", maximumPerAddress: 10, maximumCount: 3)

        #expect(ended == ["oldest"])
        #expect(try await store.version(of: "older") == 1)
    }

    @Test("given records used before and after a cutoff, when the idle ones end, then exactly those used before it go", arguments: WebSessionStoreKind.all)
    func idleRecordsEnd(kind: WebSessionStoreKind) async throws {
        let place = try await kind.makePlace()
        defer { place.delete() }
        let store = try await place.open()
        try await store.save(record("idle", secondsAgo: 3_600))
        try await store.save(record("busy", secondsAgo: 1))

        let ended = try await store.removeIdle(since: Date().addingTimeInterval(-1_800))

        #expect(ended == ["idle"])
        #expect(try await store.load("idle") == nil)
        #expect(try await store.load("busy")?.csrfToken == "csrf-busy")
        try await store.remove("busy")
        #expect(try await store.version(of: "busy") == nil)
    }
}
