/// The actions every feature holds until a login (a comment to post, an RSVP to send), gathered
/// from their ``LoginGate``s in one place, so that a host that runs unattended, where nobody can
/// log in, learns that one is awaited and gives up on it, saying what was left undone.
///
/// The session store keeps one (``SessionStore/loginWaits``). An action that only shows something
/// once the user is logged in (a feed) holds nothing and is not listed: giving it up loses nothing.
@MainActor
public final class LoginWaits {
    /// One gate's held action: what stays undone without the login, and how to cancel it.
    private struct Entry {
        let gate: ObjectIdentifier
        let undone: @MainActor () -> String?
        let cancel: @MainActor () -> Void
    }

    /// Sent when the actions are given up: the login flow closes, as when the user cancels it.
    public var abandoned: Signal<Void> { abandonedSource.signal }

    private let abandonedSource = SignalSource<Void>()
    private var entries: [Entry] = []

    /// An empty list: nothing waits for a login yet.
    public init() {}

    /// Whether some action waits for a login.
    public var isEmpty: Bool { entries.isEmpty }

    /// Gives up on every held action: the login flow is told to close (``abandoned``), then each
    /// action still held is cancelled, as when the user goes back without logging in.
    ///
    /// - Parameter closingLogin: whether the login flow closes; not when the host is ending
    ///   anyway (the input ended), where a screen uncovered would only draw itself again.
    /// - Returns: what was left undone, one clause per action as its feature words it ("the
    ///   comment was not posted"), read before any is cancelled; empty when nothing was held.
    @discardableResult
    public func abandon(closingLogin: Bool = true) -> [String] {
        let held = entries
        let undone = held.compactMap { $0.undone() }
        // A gated screen the closing login uncovers may cancel its own action as it reappears.
        if closingLogin { abandonedSource.send(()) }
        for entry in held where entries.contains(where: { $0.gate == entry.gate }) {
            entry.cancel()
        }
        entries.removeAll()
        return undone
    }

    /// `gate` holds an action until a login, in place of any it held before.
    func hold(_ gate: LoginGate, undone: @escaping @MainActor () -> String?, cancel: @escaping @MainActor () -> Void) {
        release(gate)
        entries.append(Entry(gate: ObjectIdentifier(gate), undone: undone, cancel: cancel))
    }

    /// `gate` holds nothing any more: its action ran after the login, or was cancelled.
    func release(_ gate: LoginGate) {
        entries.removeAll { $0.gate == ObjectIdentifier(gate) }
    }
}
