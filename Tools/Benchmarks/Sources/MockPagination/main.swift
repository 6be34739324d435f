// Page 50,000 against page 1 of an event with 1,000,000 comments, in OSS mode: the comments mock
// the REPL runs on, in process. Its pages are walked one by one by each page's next cursor, as a
// client scrolling would (the same walk Scripts/bench-pagination does over HTTP against
// agora-server), then page 1 and the last 1,000 pages of the walk are timed, interleaved.
//
//     swift run -c release --package-path Tools/Benchmarks MockPagination [comments] [pages] [rounds]
//
// Prints, as Scripts/bench reads them:
//
//     page 1            median 0.0021 ms  p99 0.0035 ms  (20000 requests)
//     pages 49001-50000 median 0.0024 ms  p99 0.0041 ms  (20000 requests)
//
// How it measures, and why. A page costs two or three microseconds, so one timing of it is
// mostly noise, and the figure is a ratio of two such costs:
//
// - Page 1 and the deep pages are timed interleaved (page 1, page 49,001, page 1, page 49,002,
//   …, over `rounds` rounds), so whatever else the machine does at a moment (another build on
//   a 2-core machine) falls on both alike. Timing page 1 in one burst and the deep pages in
//   another, as this did before, compared two different moments of the machine: it measured
//   2.5-2.9x here, and 1.3x to 2.2x from one run to the next.
// - Everything runs in one nonisolated task, not on the main actor: top-level code is on the
//   main actor, so each request used to cross from the main thread to the concurrency pool and
//   back (a futex wake and a context switch each way, 40% of the profile), a cost of the
//   benchmark rather than of the page, and the most variable part of what it timed.
//
// Bounded: one walk of `pages` pages, then `rounds` × 2 × 1,000 timed requests (20,000 each
// by default), after 1,000 untimed ones of each kind.

import AgoraAPI
import AgoraMocks
import AgoraModels
import Comments
import Foundation

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let comments = arguments.first ?? 1_000_000
let pages = arguments.dropFirst().first ?? 50_000
let rounds = arguments.dropFirst(2).first ?? 20
let sample = 1_000

struct Walk: Sendable {
    let service: MockCommentsService
    let eventID: Event.ID = 1  // the busiest event
    let clock = ContinuousClock()

    /// One page, timed in milliseconds; stops the benchmark when the service refuses it.
    func page(after cursor: String?) async -> (page: Page<Comment>, milliseconds: Double) {
        let started = clock.now
        do {
            let page = try await service.fetchComments(CommentsRequest(eventID: eventID, cursor: cursor, limit: 20))
            let elapsed = started.duration(to: clock.now)
            return (page, Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        } catch {
            fatalError("MockPagination: the mock service refused a page: \(error)")
        }
    }

    /// The cursors that ask for pages `pages - sample + 1` … `pages`, found by walking from page 1.
    func deepCursors() async -> [String] {
        var cursor: String?
        var cursors: [String] = []
        // Page `number`'s next cursor asks for page `number + 1`.
        for number in 1 ..< pages {
            guard let next = await page(after: cursor).page.nextCursor else {
                fatalError("MockPagination: the event ran out of comments after \(number) pages; ask for fewer pages or more comments")
            }
            if number + 1 > pages - sample { cursors.append(next) }
            cursor = next
        }
        return cursors
    }

    /// Page 1 and the deep pages, timed alternately: (page 1 times, deep page times).
    func timeInterleaved(_ cursors: [String]) async -> (first: [Double], deep: [Double]) {
        for cursor in cursors {  // warm-up: the first requests pay for lazily built fixtures
            _ = await page(after: nil)
            _ = await page(after: cursor)
        }
        var first: [Double] = [], deep: [Double] = []
        first.reserveCapacity(rounds * cursors.count)
        deep.reserveCapacity(rounds * cursors.count)
        for _ in 0 ..< rounds {
            for cursor in cursors {
                first.append(await page(after: nil).milliseconds)
                deep.append(await page(after: cursor).milliseconds)
            }
        }
        return (first, deep)
    }
}

func summary(_ label: String, _ times: [Double]) -> String {
    let sorted = times.sorted()
    let median = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    return "\(label.padding(toLength: 18, withPad: " ", startingAt: 0)) median \(String(format: "%.4f", median)) ms  p99 \(String(format: "%.4f", p99)) ms  (\(times.count) requests)"
}

let walk = Walk(service: MockCommentsService(mock: MockService(data: MockData(busiestEventCommentCount: comments))))
// Off the main actor: a detached task runs on the concurrency pool, and so does every request it makes.
let (first, deep) = await Task.detached {
    await walk.timeInterleaved(await walk.deepCursors())
}.value

print(summary("page 1", first))
print(summary("pages \(pages - sample + 1)-\(pages)", deep))
