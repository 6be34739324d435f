import AgoraModels
import Foundation

/// Unguessable tokens: the session's id and its form token; and the shape of a device id.
enum SessionToken {
    /// Whether `text` is shaped as ``make()`` makes a token (64 lowercase hex digits): a cookie
    /// holding anything else is not used.
    static func isToken(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Whether `text` has the shape of a device id agora-server issues
    /// (AgoraModels' `DeviceIdentifier`): a device cookie holding anything else is not sent.
    static func isDeviceID(_ text: String) -> Bool {
        DeviceIdentifier.isWellFormed(text)
    }

    /// 32 bytes from the system's secure generator, as 64 hex digits.
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Whether `given` is `expected`, compared in time that does not depend on where they differ.
    static func matches(_ given: String, _ expected: String) -> Bool {
        let given = Array(given.utf8)
        let expected = Array(expected.utf8)
        guard given.count == expected.count else { return false }
        return zip(given, expected).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
