import AgoraModels
import AgoraTestSupport
import Synchronization

/// The failure type of the paginator under test.
enum TestError: Error, Equatable {
    case boom
    case other
}

/// Answers pages of `Int` by cursor, records every cursor asked for, and can fail a request or
/// hold the requests for one cursor behind a gate.
final class PageLoaderSpy: Sendable {
    private struct State {
        var pages: [String?: Page<Int>]
        var requests: [String?] = []
        var failures: [Int: TestError] = [:]
        var gates: [String?: Gate] = [:]
    }

    private let state: Mutex<State>

    init(_ pages: [String?: Page<Int>]) {
        state = Mutex(State(pages: pages))
    }

    /// The cursors asked for, in order (`nil` for a first page).
    var requests: [String?] { state.withLock { $0.requests } }

    /// Answers `cursor` with `page` from now on.
    func answer(_ cursor: String?, with page: Page<Int>) {
        state.withLock { $0.pages[cursor] = page }
    }

    /// Makes request number `index` (0-based) fail with `error`.
    func fail(request index: Int, with error: TestError) {
        state.withLock { $0.failures[index] = error }
    }

    /// Holds every request for `cursor` until the returned gate opens.
    func hold(_ cursor: String?) -> Gate {
        let gate = Gate()
        state.withLock { $0.gates[cursor] = gate }
        return gate
    }

    func load(_ cursor: String?) async throws(TestError) -> Page<Int> {
        let (failure, gate) = state.withLock { state in
            state.requests.append(cursor)
            return (state.failures[state.requests.count - 1], state.gates[cursor])
        }
        await gate?.wait()
        if let failure { throw failure }
        let page = state.withLock { $0.pages[cursor] }
        guard let page else { throw .other }
        return page
    }
}
