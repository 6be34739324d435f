import AgoraApp
import Testing

@Suite("Choosing the mode: flag, then AGORA_MODE, then Secrets.isOSS")
struct AppModeTests {
    @Test("with nothing set, the compiled secrets decide")
    func secretsDecide() throws {
        #expect(try AppMode.select(flag: nil, environment: [:], secretsIsOSS: true) == .oss)
        #expect(try AppMode.select(flag: nil, environment: [:], secretsIsOSS: false) == .live)
    }

    @Test("the committed example secrets run OSS mode on a fresh clone")
    func freshCloneIsOSS() throws {
        #expect(try AppMode.select(flag: nil, environment: [:]) == .oss)
    }

    @Test("AGORA_MODE overrides the secrets, in any letter case")
    func environmentOverridesSecrets() throws {
        #expect(try AppMode.select(flag: nil, environment: ["AGORA_MODE": "live"], secretsIsOSS: true) == .live)
        #expect(try AppMode.select(flag: nil, environment: ["AGORA_MODE": "OSS"], secretsIsOSS: false) == .oss)
        #expect(try AppMode.select(flag: nil, environment: ["AGORA_MODE": ""], secretsIsOSS: true) == .oss)
    }

    @Test("the flag overrides AGORA_MODE")
    func flagOverridesEnvironment() throws {
        #expect(try AppMode.select(flag: .oss, environment: ["AGORA_MODE": "live"], secretsIsOSS: false) == .oss)
        #expect(try AppMode.select(flag: .live, environment: ["AGORA_MODE": "oss"], secretsIsOSS: true) == .live)
    }

    @Test("an AGORA_MODE that is not a mode is refused, naming the value and the choices")
    func invalidEnvironmentValue() {
        #expect(throws: AppModeError(value: "mock")) {
            try AppMode.select(flag: nil, environment: ["AGORA_MODE": "mock"])
        }
        #expect(AppModeError(value: "mock").description == "AGORA_MODE must be 'oss' or 'live', not 'mock'.")
    }
}
