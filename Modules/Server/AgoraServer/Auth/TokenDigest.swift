import CSHA256

/// What the database keeps of a bearer token: its SHA-256, in lowercase hex.
///
/// A token is 256 random bits, so a fast unsalted hash is enough to make a stolen copy of the
/// database useless for logging in: nobody can work back from the digest to a token the server
/// would accept, while the server still finds a session with one indexed lookup.
///
/// The hash comes from the system (the `CSHA256` target): one function, for which swift-crypto would
/// compile its own copy of BoringSSL into every clean build.
enum TokenDigest {
    static func of(_ token: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(CSHA256_LENGTH))
        let utf8 = Array(token.utf8)
        let succeeded = utf8.withUnsafeBytes { bytes in
            csha256(bytes.baseAddress, bytes.count, &digest) == 1
        }
        // It fails only when the system cannot allocate (a token is far below the size limit):
        // the server could not go on either.
        precondition(succeeded, "the system's SHA-256 failed")
        return digest.map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }
}
