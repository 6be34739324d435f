// Page 50,000 against page 1 of an event with 1,000,000 comments, in OSS mode: the mock service
// the REPL runs on, in process, walked page by page by each page's next cursor as a client
// scrolling would (the same walk Scripts/bench-pagination does over HTTP against agora-server).
//
//     swift run -c release --package-path Tools/Benchmarks MockPagination [comments] [pages]
//
// Prints, as Scripts/bench reads them:
//
//     page 1            median 0.012 ms  p99 0.020 ms  (1000 requests)
//     pages 49001-50000 median 0.013 ms  p99 0.021 ms  (1000 requests)
//
// Bounded: one walk of `pages` pages plus 2,000 requests of page 1 (half of them warm-up).

import AgoraAPI
import AgoraMocks
import AgoraModels
import Foundation

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let comments = arguments.first ?? 1_000_000
let pages = arguments.dropFirst().first ?? 50_000
let sample = 1_000

let eventID: Event.ID = 1  // the busiest event
let service = MockService(data: MockData(busiestEventCommentCount: comments))
let clock = ContinuousClock()

/// One page, timed; exits the walk with a message when the service refuses it.
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

func summary(_ label: String, _ times: [Double]) -> String {
    let sorted = times.sorted()
    let median = sorted[sorted.count / 2]
    let p99 = sorted[min(sorted.count - 1, sorted.count * 99 / 100)]
    return "\(label.padding(toLength: 18, withPad: " ", startingAt: 0)) median \(String(format: "%.4f", median)) ms  p99 \(String(format: "%.4f", p99)) ms  (\(times.count) requests)"
}

// Warm-up: the first requests pay for lazily built fixtures and caches.
for _ in 0 ..< sample {
    _ = await page(after: nil)
}
var first: [Double] = []
for _ in 0 ..< sample {
    first.append(await page(after: nil).milliseconds)
}

var cursor: String?
var deep: [Double] = []
var walked = 0
for number in 1 ... pages {
    let (result, milliseconds) = await page(after: cursor)
    if number > pages - sample { deep.append(milliseconds) }
    walked = number
    guard let next = result.nextCursor else { break }
    cursor = next
}
guard walked == pages else {
    fatalError("MockPagination: the event ran out of comments after \(walked) pages; ask for fewer pages or more comments")
}

print(summary("page 1", first))
print(summary("pages \(pages - deep.count + 1)-\(pages)", deep))
