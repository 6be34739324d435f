import Foundation

/// Unguessable tokens: the session's id, its form token and the browser's device id.
enum SessionToken {
    /// How many characters a token has.
    static let length = 64

    /// Whether `character` may be in a token (a lowercase hex digit).
    static func isTokenCharacter(_ character: Character) -> Bool {
        character.isHexDigit && !character.isUppercase
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
