import Crypto
import Foundation

/// What the database keeps of a bearer token: its SHA-256, in lowercase hex.
///
/// A token is 256 random bits, so a fast unsalted hash is enough to make a stolen copy of the
/// database useless for logging in: nobody can work back from the digest to a token the server
/// would accept, while the server still finds a session with one indexed lookup.
enum TokenDigest {
    static func of(_ token: String) -> String {
        SHA256.hash(data: Data(token.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
