import AgoraAPI
import Synchronization

/// The last answer to each read, with the `ETag` the server gave it, so the next identical read
/// sends `If-None-Match` and, on 304, reuses the answer instead of downloading and decoding it
/// again (reopening a screen, refreshing a list that did not change).
///
/// Bounded: when ``capacity`` answers are kept, the oldest half is forgotten.
final class RememberedAnswers<Value: Sendable>: Sendable {
    /// One kept answer.
    struct Answer: Sendable {
        let etag: String
        let value: Value
    }

    static var capacity: Int { 64 }

    private let answers = Mutex<(byKey: [String: Answer], order: [String])>(([:], []))

    /// The answer kept for `key`, if any: send its `etag` as `If-None-Match`.
    func answer(for key: String) -> Answer? {
        answers.withLock { $0.byKey[key] }
    }

    /// Keeps `value` as the answer to `key`; an answer without an `ETag` forgets the old one.
    func remember(_ value: Value, etag: String?, for key: String) {
        answers.withLock { answers in
            guard let etag else {
                answers.byKey[key] = nil
                return
            }
            if answers.byKey.updateValue(Answer(etag: etag, value: value), forKey: key) == nil {
                answers.order.append(key)
            }
            if answers.order.count > Self.capacity {
                let forgotten = answers.order.prefix(Self.capacity / 2)
                for key in forgotten { answers.byKey[key] = nil }
                answers.order.removeFirst(forgotten.count)
            }
        }
    }
}

/// The kept answer a 304 refers to; a 304 to a read that sent no tag is a server error.
func unchanged<Value>(_ kept: RememberedAnswers<Value>.Answer?) throws(ServiceError) -> Value {
    guard let kept else { throw .undecodable("304 Not Modified to a request that named no answer") }
    return kept.value
}
