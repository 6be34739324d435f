import AgoraApp
import Testing

@Suite("What `env` shows: the setup, never a secret")
struct AppDescriptionTests {
    @Test("given a client secret, when the app is described, then it says a secret is set and never shows it; without one, (none)")
    func clientSecretRedacted() {
        let configuration = AppConfiguration(mode: .live, apiBaseURL: "http://127.0.0.1:9")

        let withSecret = AppDescription(configuration: configuration, user: nil, clientID: "my-client", clientSecret: "s3cr3t-Value_42")
        let without = AppDescription(configuration: configuration, user: nil, clientID: "my-client", clientSecret: "")

        #expect(withSecret.entries.first { $0.label == "client secret" }?.value == "(set, redacted)")
        #expect(!withSecret.lines.joined(separator: "\n").contains("s3cr3t"))
        #expect(withSecret.entries.first { $0.label == "client id" }?.value == "my-client")
        #expect(without.entries.first { $0.label == "client secret" }?.value == "(none)")
    }
}
