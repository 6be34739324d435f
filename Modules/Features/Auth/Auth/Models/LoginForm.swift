import Foundation

/// The login form as typed, and whether it can be sent.
struct LoginForm: Equatable {
    var email = ""
    var password = ""
    var code = ""

    /// The shortest plausible address: something, "@", a dotted domain.
    var isEmailValid: Bool {
        let parts = email.trimmingCharacters(in: .whitespaces).split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty && !$0.contains(" ") }
    }

    var isComplete: Bool { isEmailValid && !password.isEmpty }

    /// What is missing, in the order the form asks for it; `nil` when it can be sent.
    var problem: String? {
        if email.trimmingCharacters(in: .whitespaces).isEmpty { return "Enter your email address." }
        if !isEmailValid { return "'\(email.prefix(60))' is not an email address; expected one like alice@agora.example." }
        if password.isEmpty { return "Enter your password." }
        return nil
    }

    /// Two-factor codes are six digits.
    static let codeLength = 6

    var trimmedCode: String { code.filter { !$0.isWhitespace } }

    var isCodeValid: Bool {
        trimmedCode.count == Self.codeLength && trimmedCode.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
