import Foundation
import Hummingbird

/// Strong entity tags for answers: a hash of the body, so the same data gives the same tag
/// across writes elsewhere and across server restarts.
enum EntityTag {
    /// `"<16 hex digits>"`: FNV-1a (64-bit) of the bytes. Not a cryptographic hash; a tag only
    /// has to change when the body does, and a client can only learn its own answers' tags.
    static func of(_ body: ByteBuffer) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        body.withUnsafeReadableBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// Whether an `If-None-Match` value names `tag`: `*`, or a comma-separated list of tags,
    /// weak ones (`W/"…"`) compared by their opaque part, as RFC 9110 asks for this header.
    ///
    /// swift-openapi-runtime percent-encodes header parameters, so the generated client sends
    /// `"abc"` as `%22abc%22`; both spellings are read.
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        let value = ifNoneMatch.contains("%") ? ifNoneMatch.removingPercentEncoding ?? ifNoneMatch : ifNoneMatch
        return value.split(separator: ",").contains { candidate in
            var candidate = candidate.trimmingCharacters(in: .whitespaces)
            if candidate == "*" { return true }
            if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
            return candidate == tag
        }
    }
}
