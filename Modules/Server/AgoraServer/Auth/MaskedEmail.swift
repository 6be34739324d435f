/// Where a two-factor code went, without giving the address away: "bob@agora.example" →
/// "b••@agora.example", as OSS mode shows it.
enum MaskedEmail {
    static func mask(_ email: String) -> String {
        guard let at = email.firstIndex(of: "@"), at > email.startIndex, let first = email.first else { return email }
        let name = email[..<at]
        return "\(first)\(String(repeating: "•", count: max(name.count - 1, 1)))\(email[at...])"
    }
}
