import AgoraArchitecture
import AgoraCache
import AgoraSQLiteCache
import Foundation
import Synchronization
import Testing

/// A note that counts how often it is decoded, per test (`run`), so tests running at the same
/// time do not see each other's counts.
struct CountedNote: Codable, Identifiable, Hashable, Sendable {
    static let decodes = Mutex<[String: Int]>([:])

    let id: Int
    let run: String
    var text: String

    init(_ id: Int, run: String, text: String = "") {
        self.id = id
        self.run = run
        self.text = text
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        run = try container.decode(String.self, forKey: .run)
        text = try container.decode(String.self, forKey: .text)
        Self.decodes.withLock { $0[run, default: 0] += 1 }
    }

    static func decodeCount(_ run: String) -> Int {
        decodes.withLock { $0[run, default: 0] }
    }
}

/// Following a list that grows page by page costs each page, not the whole list again.
@MainActor
@Suite("SQLiteListCache decodes only what changed")
struct ListCacheDecodingTests {
    let run = UUID().uuidString

    func notes(_ ids: ClosedRange<Int>) -> [CountedNote] {
        ids.map { CountedNote($0, run: run) }
    }

    @Test("given an observed list of 100, when 10 pages of 20 are appended, then each item is decoded once")
    func appendedPagesDecodeOnlyTheirItems() async throws {
        let cache = SQLiteListCache<CountedNote>(database: try CacheDatabase(location: .inMemory), kind: "note")
        await cache.replace("notes", with: notes(1...100))
        let observed = ObservedValues<[CountedNote]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)
        let afterFirstValue = CountedNote.decodeCount(run)

        for page in 0..<10 {
            await cache.append(notes((101 + page * 20)...(120 + page * 20)), to: "notes")
        }

        #expect(afterFirstValue == 100)
        #expect(CountedNote.decodeCount(run) == 300, "100 at first, then 20 a page")
        #expect(observed.values.last == notes(1...300))
        subscription.cancel()
    }

    @Test("given an observed list, when one item is edited, then only that item is decoded again and shown edited")
    func editedItemIsDecodedAgain() async throws {
        let cache = SQLiteListCache<CountedNote>(database: try CacheDatabase(location: .inMemory), kind: "note")
        await cache.replace("notes", with: notes(1...50))
        let observed = ObservedValues<[CountedNote]>()
        let subscription = await cache.observe("notes", onChange: observed.onChange)
        let before = CountedNote.decodeCount(run)

        await cache.store(CountedNote(7, run: run, text: "edited"))

        #expect(CountedNote.decodeCount(run) == before + 1)
        #expect(observed.values.last?[6] == CountedNote(7, run: run, text: "edited"))
        #expect(observed.values.last?.count == 50)
        subscription.cancel()
    }
}
