import Hummingbird

/// A form's body, read whole within a size and a time: a visitor who sends a huge form, or one
/// byte now and then, gets an answer instead of holding a connection and memory.
enum FormBody {
    /// Why a body was not read.
    enum Refusal: Error {
        /// More than the limit arrived.
        case tooLarge
        /// A part arrived after the deadline.
        case tooSlow
        /// The connection failed while the body arrived.
        case unreadable
    }

    /// The body's text, or why it was refused: a part that arrives after `timeout` (counted from
    /// now) is one too late. A body that stops arriving altogether is ended by the connection's
    /// idle timeout.
    static func read(_ body: RequestBody, upTo maximumBytes: Int, within timeout: Duration) async -> Result<String, Refusal> {
        let deadline = ContinuousClock.now + timeout
        var collected = ByteBuffer()
        do {
            for try await part in body {
                guard ContinuousClock.now <= deadline else { return .failure(.tooSlow) }
                guard collected.readableBytes + part.readableBytes <= maximumBytes else { return .failure(.tooLarge) }
                var part = part
                collected.writeBuffer(&part)
            }
        } catch {
            return .failure(.unreadable)
        }
        return .success(String(buffer: collected))
    }
}
