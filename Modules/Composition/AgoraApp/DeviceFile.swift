import AgoraPrivateFiles
import Foundation

/// This device's id for one server, kept beside the session file (owner-only, like it) and kept
/// when the session ends: a logout is not a new device.
///
/// The id goes with the login requests (``RequestOrigin/deviceID``); agora-server remembers the
/// devices that logged in to an account, and does not hold them by the account-wide ceiling on
/// failed logins, so a stranger guessing from many addresses cannot lock its owner out.
public struct DeviceFile: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The device file of a mode (and live mode's server) in `paths`.
    public init(paths: AgoraPaths, mode: AppMode, server: URL?) {
        url = paths.deviceFile(for: mode, server: server)
    }

    /// The id the file holds, or a new one written to it; `nil` when neither can be (an
    /// unwritable folder): logging in works without, only without the device's standing.
    public func id() -> String? {
        if let data = try? Data(contentsOf: url) {
            let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if Self.isValid(text) { return text }
        }
        let id = Self.make()
        do {
            try PrivateFile.write(Array((id + "\n").utf8), to: url.path)
        } catch {
            return nil
        }
        return id
    }

    /// 32 random bytes as 64 lowercase hex digits, within the contract's `Agora-Device` grammar
    /// (22 to 128 of `[A-Za-z0-9_-]`).
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `text` is an id the server takes: anything else in the file is replaced.
    static func isValid(_ text: String) -> Bool {
        (22...128).contains(text.count) && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
