import Foundation
import Testing

@Suite("Secrets without a terminal")
struct HiddenInputTests {
    @Test("given piped input, when `password` comes without its value, then a one-line error says to pass it")
    func passwordWithoutValue() async throws {
        let result = try await AgoraProcess.run(input: "login\npassword\ncode\n")

        #expect(result.status == 1)
        #expect(
            result.stderr == """
                <stdin>:2: error: `password` needs its value on the line here (no terminal to ask it hidden): type `password <value>`.
                <stdin>:3: error: `code` needs its value on the line here (no terminal to ask it hidden): type `code <value>`.

                """)
    }
}
