import Synchronization

/// Whether dates use plain spaces where the locale puts narrow or no-break ones ("5:00 PM" with
/// U+202F), as one switch that every copy of an ``AgoraEnvironment`` made from one shares: the
/// host turns it as output moves between a person's screen and a file, and every date
/// shown after that follows, in screens already open too.
public final class DateSpacing: Sendable {
    private let plain: Atomic<Bool>

    /// - Parameter plain: whether dates start with plain spaces.
    public init(plain: Bool = false) {
        self.plain = Atomic(plain)
    }

    /// Whether dates shown now use plain spaces.
    public var isPlain: Bool { plain.load(ordering: .relaxed) }

    /// Makes dates shown from now on use plain spaces (`true`) or the locale's own (`false`).
    public func usePlainSpaces(_ isPlain: Bool) {
        plain.store(isPlain, ordering: .relaxed)
    }
}
