import AgoraREPL
import Testing

/// Where each command of a script was read, as its errors name it.
@Suite("Script lines and their places")
struct ScriptLineTests {
    @Test("given a file, when split, then each command carries FILE:N, N counted as an editor counts lines")
    func fileLines() {
        let lines = ScriptLine.lines(ofFile: "demo.agora", text: "open agora://events\r\n\r\nopen 1\rwhoami\n")

        #expect(
            lines == [
                ScriptLine("open agora://events", place: "demo.agora:1"),
                ScriptLine("", place: "demo.agora:2"),
                ScriptLine("open 1", place: "demo.agora:3"),
                ScriptLine("whoami", place: "demo.agora:4"),
                ScriptLine("", place: "demo.agora:5"),
            ])
    }

    @Test("given a rarer line break inside a line, when split, then it still ends the command but the line keeps its number")
    func lineSeparatorKeepsTheNumber() {
        let lines = ScriptLine.lines(ofFile: "x", text: "whoami\u{2028}env\nfnord")

        #expect(lines.map(\.place) == ["x:1", "x:1", "x:2"])
        #expect(lines.map(\.text) == ["whoami", "env", "fnord"])
    }

    @Test("given `--script -`, when split, then the place names <stdin>")
    func standardInput() {
        #expect(ScriptLine.lines(ofFile: "-", text: "whoami").first?.place == "<stdin>:1")
    }

    @Test("given several -c, when split, then each command carries the -c it came from, and its place within it when the -c holds several")
    func oneLineScripts() {
        let lines = ScriptLine.lines(ofOneLineScripts: ["open agora://events; more", #"post a\; b"#, "whoami;;env;"])

        #expect(
            lines == [
                ScriptLine("open agora://events", place: "-c 1:1"),
                ScriptLine("more", place: "-c 1:2"),
                ScriptLine("post a; b", place: "-c 2"),
                ScriptLine("whoami", place: "-c 3:1"),
                ScriptLine("env", place: "-c 3:2"),
            ])
    }
}
