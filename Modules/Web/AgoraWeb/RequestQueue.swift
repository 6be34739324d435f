/// The requests of one session, answered one after another in the order they came.
///
/// A session is one visitor's composition: two of its requests answered at once would move its
/// pages under each other at every wait. And a visitor who sends many requests at once (a
/// script, a page reloaded in a burst) would otherwise put them all on the main actor, in front
/// of every other visitor's; waiting here, they wait only behind each other, and another visitor
/// waits for at most one of them.
@MainActor
final class RequestQueue {
    private var isAnswering = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// How many requests wait for their turn.
    var waitingCount: Int { waiting.count }

    /// Runs `work` once every request that came before it was answered.
    func answer<Reply>(_ work: () async -> Reply) async -> Reply {
        if isAnswering {
            await withCheckedContinuation { waiting.append($0) }
        } else {
            isAnswering = true
        }
        defer {
            // The turn passes straight to the next request, so none that came later goes first.
            if waiting.isEmpty {
                isAnswering = false
            } else {
                waiting.removeFirst().resume()
            }
        }
        return await work()
    }
}
