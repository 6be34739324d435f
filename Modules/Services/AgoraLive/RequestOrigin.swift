import Synchronization

/// On whose behalf live requests go to agora-server: the visitor a proxy serves, and the device
/// that logs in.
///
/// - ``forwardedAddress``: agora-web reaches agora-server from one address for all its visitors,
///   so it says whose request each is (`X-Forwarded-For`); agora-server believes it only from
///   an address it was told to trust (`--trusted-proxy`), and counts failed logins per visitor.
/// - ``deviceID``: a secret that stays with the device (the browser's device cookie, the REPL's
///   device file), sent with the login requests only (`Agora-Device`). agora-server issues it at
///   a successful login (``deviceIssued(_:)``); a device it issued for an account is not held by
///   the account-wide ceiling on failed logins, so a stranger guessing from many addresses
///   cannot lock the owner out.
///
/// One value is shared by the host, which sets it, and the service, which reads it per request.
public final class RequestOrigin: Sendable {
    private struct State {
        var forwardedAddress: String?
        var deviceID: String?
    }

    private let state: Mutex<State>
    private let keepIssuedDeviceID: @Sendable (String) -> Void

    /// - Parameters:
    ///   - forwardedAddress: the visitor's IP address when the app proxies for one.
    ///   - deviceID: the device's id, if it has one.
    ///   - keepIssuedDeviceID: told each id agora-server issues at a login, to keep it where the
    ///     host keeps the device's id (the REPL's device file).
    public init(forwardedAddress: String? = nil, deviceID: String? = nil, keepIssuedDeviceID: @escaping @Sendable (String) -> Void = { _ in }) {
        state = Mutex(State(forwardedAddress: forwardedAddress, deviceID: deviceID))
        self.keepIssuedDeviceID = keepIssuedDeviceID
    }

    /// agora-server issued `id` at a login: it is the device's id from now on.
    public func deviceIssued(_ id: String) {
        let changed = state.withLock { state in
            defer { state.deviceID = id }
            return state.deviceID != id
        }
        if changed { keepIssuedDeviceID(id) }
    }

    /// The visitor's IP address, sent as `X-Forwarded-For` on every request; `nil` sends none.
    public var forwardedAddress: String? {
        get { state.withLock { $0.forwardedAddress } }
        set { state.withLock { $0.forwardedAddress = newValue } }
    }

    /// The device's id, sent as `Agora-Device` with the login requests; `nil` sends none.
    public var deviceID: String? {
        get { state.withLock { $0.deviceID } }
        set { state.withLock { $0.deviceID = newValue } }
    }
}
