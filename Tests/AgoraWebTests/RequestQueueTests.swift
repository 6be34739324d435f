import AgoraTestSupport
import Testing

@testable import AgoraWeb

/// A session answers its requests one at a time, in the order they came, so that one visitor's
/// burst waits behind itself and never moves the session's pages under a request.
@Suite("A session's requests: one at a time, in the order they came")
@MainActor
struct RequestQueueTests {
    @Test("given a request being answered, when two more come, then each waits, and they are answered after it, in the order they came")
    func requestsWaitTheirTurn() async {
        let queue = RequestQueue()
        let firstMayEnd = Gate()
        var answered: [String] = []
        let first = Task {
            await queue.answer {
                answered.append("first begins")
                await firstMayEnd.wait()
                answered.append("first ends")
            }
        }
        await waitUntil { answered == ["first begins"] }
        let second = Task { await queue.answer { answered.append("second") } }
        await waitUntil { queue.waitingCount == 1 }
        let third = Task { await queue.answer { answered.append("third") } }
        await waitUntil { queue.waitingCount == 2 }
        #expect(answered == ["first begins"], "a request ran before the one being answered ended")
        firstMayEnd.open()
        _ = await (first.value, second.value, third.value)
        #expect(answered == ["first begins", "first ends", "second", "third"])
        #expect(queue.waitingCount == 0)
    }

    @Test("given a queue whose requests were all answered, when another comes, then it is answered at once")
    func anIdleQueueAnswersAtOnce() async {
        let queue = RequestQueue()
        #expect(await queue.answer { 1 } == 1)
        #expect(await queue.answer { 2 } == 2, "the turn was not given back")
    }

    @Test(
        "given one visitor's 16 requests for a page sent at once, when they are answered, then each is the page, and another visitor's page is answered meanwhile"
    )
    func aBurstOfOneSessionIsAnsweredInFull() async throws {
        try await withWebSessions { port, _ in
            let browser = Browser(port: port)
            try await browser.get("/events/1/comments")
            let cookie = try #require(browser.session)
            let burst = (0..<16).map { _ in
                Task { @MainActor in
                    let same = Browser(port: port)
                    same.session = cookie
                    return try await same.get("/events/1/comments")
                }
            }
            let other = try await Browser(port: port, from: "127.0.1.2").get("/events")
            #expect(other.status == 200)
            for request in burst {
                let reply = try await request.value
                #expect(reply.status == 200 && reply.body.contains("Comments"), "a request of the burst: \(reply.status)")
            }
        }
    }

    /// Lets other tasks run until `condition` holds.
    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
    }
}
