import AgoraLive
import AgoraModels
import AgoraPrivateFiles
import Foundation

/// This device's id for one server, kept beside the session file (owner-only, like it) and kept
/// when the session ends: a logout is not a new device.
///
/// agora-server issues the id at a login; it goes with later logins (``RequestOrigin/deviceID``),
/// and a device the server issued it to for an account is not held by the account-wide ceiling
/// on failed logins, so a stranger guessing from many addresses cannot lock its owner out.
public struct DeviceFile: Sendable {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The device file of a mode (and live mode's server) in `paths`.
    public init(paths: AgoraPaths, mode: AppMode, server: URL?) {
        url = paths.deviceFile(for: mode, server: server)
    }

    /// The id the file holds; `nil` before the first login, or when the file holds something
    /// else (a login then issues a new one).
    public func id() -> String? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return Self.isValid(text) ? text : nil
    }

    /// Keeps `id`, which agora-server issued; an id it cannot write is used for this run only.
    ///
    /// - Throws: the error writing the file.
    public func save(_ id: String) throws {
        try PrivateFile.write(Array((id + "\n").utf8), to: url.path)
    }

    /// Whether `text` has the shape of an id the server issues (AgoraModels' `DeviceIdentifier`).
    static func isValid(_ text: String) -> Bool {
        DeviceIdentifier.isWellFormed(text)
    }
}

extension AppConfiguration {
    /// Sends the id `file` holds with the login requests, and keeps there each id agora-server
    /// issues; a failed write costs only the device's standing at the next run's logins.
    public mutating func keepDeviceID(in file: DeviceFile) {
        requestOrigin = RequestOrigin(deviceID: file.id()) { try? file.save($0) }
    }
}
