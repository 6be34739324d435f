import AgoraFuzzing
import AgoraTerminalUI
import Testing

/// The `terminal-text` fuzz target's idea of what the screen may change, held against the screen
/// itself: when ``TerminalText`` starts removing a new kind of character, this fails in the same
/// change, not in a later fuzz run.
@Suite("Terminal text oracle")
struct TerminalTextOracleTests {
    @Test(
        "given any Unicode scalar the fuzz oracle counts as plain, when it is shown between two letters, then the screen shows it unchanged"
    )
    func plainScalarsPassThrough() {
        var changed: [String] = []
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned,
                !TerminalTextFuzzTarget.mayChange(scalar)
            else { continue }
            let text = "a\(Character(scalar))b"
            if TerminalText.line(text) != text { changed.append("U+\(String(value, radix: 16, uppercase: true))") }
        }
        #expect(changed.isEmpty, "the screen changes scalars the oracle calls plain: \(changed.prefix(10))")
    }

    @Test("given the input the default fuzz run found (a format character, U+206E, among invalid bytes), when it is shown, then it keeps every promise")
    func inhibitSymmetricSwappingIsRemoved() {
        let input: [UInt8] = [0x28, 0x33, 0xE2, 0x81, 0xAE, 0x6D, 0x72, 0x23, 0x64, 0xFF, 0xFE]
        let outcome = TerminalTextFuzzTarget.runNow(input)
        #expect(!outcome.line.unicodeScalars.contains("\u{206E}"))
        #expect(TerminalTextFuzzTarget.brokenPromises(in: outcome) == [])
    }
}
