import AgoraArchitecture

/// The errors and notices a page's signals sent since it was last shown: a signal is a moment,
/// a page a later request, so they wait here until the next page shows them once.
@MainActor
public final class WebMessages {
    /// The errors kept, oldest first.
    public private(set) var errors: [String] = []
    /// The notices kept, oldest first.
    public private(set) var notices: [String] = []

    /// Nothing kept yet.
    public init() {}

    /// Keeps an error (`<p class="error" role="alert">`).
    ///
    /// - Parameter message: one line, as the ViewModel said it.
    public func error(_ message: String) {
        errors.append(message)
    }

    /// Keeps a notice (`<p class="notice" role="status">`).
    ///
    /// - Parameter message: one line, as the ViewModel said it.
    public func notice(_ message: String) {
        notices.append(message)
    }

    /// The messages as the page shows them; they are then forgotten.
    public func take() -> [HTML] {
        defer {
            errors = []
            notices = []
        }
        return errors.map { HTML.element("p", ["class": "error", "role": "alert"], [.text($0)]) }
            + notices.map { HTML.element("p", ["class": "notice", "role": "status"], [.text($0)]) }
    }
}
