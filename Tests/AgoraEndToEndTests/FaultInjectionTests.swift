import Foundation
import Testing

/// Faults between `agora --live` and agora-server, injected by a proxy (``FaultProxy``) or done
/// to the server itself (a token that expires, a server killed mid-session), judged by what a
/// user sees and by what the server stores:
///
/// - the REPL says what happened in one line (the ``ServiceError`` the screens print);
/// - it stays usable: the next command works once the fault is gone, and `quit` still quits;
/// - a comment posted during the fault reaches the server exactly once after recovery — also
///   when the server stored it and only its answer was lost (the client-chosen id makes the
///   resend idempotent).
///
/// Every test appends a ``FaultRecord``; `Scripts/fault-injection` runs this suite and sums them.
@Suite("Fault injection: agora --live against a failing network or server", .serialized, .timeLimit(.minutes(10)))
struct FaultInjectionTests {
    /// The event whose comments the tests post on (the demo seed's third event).
    static let eventID = 3
    static let commentsPath = "/v1/events/\(eventID)/comments"

    /// The line a queued comment gets when the server could not take it.
    static func queuedLine(_ reason: String) -> String {
        "Comment 1 is queued, to be sent when the server is back: \(reason) Type `retry 1` to send it now or `discard 1` to drop it."
    }

    /// Writes the record of one fault, then turns its checks into expectations.
    static func conclude(
        _ fault: String, survival: SurvivalChecks, comments: CommentTally, details: @autoclosure () -> String
    ) throws {
        try FaultRecord(fault: fault, survival: survival, comments: comments).append()
        #expect(survival.failed.isEmpty, "\(fault): not seen: \(survival.failed) — \(details())")
        #expect(comments.lost == 0, "\(fault): \(comments.lost) comment(s) lost — \(details())")
        #expect(comments.duplicated == 0, "\(fault): \(comments.duplicated) duplicate(s) — \(details())")
    }
}
