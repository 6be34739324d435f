import Foundation

/// Unguessable identifiers: bearer tokens and two-factor challenge ids.
enum RandomToken {
    /// `byteCount` bytes from the system's cryptographic generator (getrandom on Linux), in
    /// URL-safe base64 without padding: 32 bytes give 43 characters.
    static func make(byteCount: Int = 32) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
