import AgoraArchitecture
import AgoraTerminalUI
import AgoraTestSupport
import Testing

/// Keeps each line with the style it was printed in.
@MainActor
final class StyleRecordingConsole: Console {
    private(set) var lines: [(text: String, style: LineStyle?)] = []
    let width: Int? = nil
    func print(_ line: String) { lines.append((line, nil)) }
    func print(_ line: String, style: LineStyle) { lines.append((line, style)) }
    func error(_ message: String) { lines.append(("error: \(message)", nil)) }
}

@MainActor
@Suite("PagedTable's drawing: the header as a heading")
struct PagedTableStyleTests {
    @Test("given a new table, when shown, then only its header line is printed as a heading, with the same text")
    func headerIsAHeading() {
        let console = StyleRecordingConsole()
        let table = TableFixture(columns: TextTable([.init("Name")]), console: console)

        table.show([TableRow(id: "a", cells: [.text("Ada")]), TableRow(id: "g", cells: [.text("Grace")])])

        let numbered = TextTable([.init("#", alignment: .right), .init("Name")])
        #expect(console.lines.map(\.text) == ["People"] + numbered.render([["1", "Ada"], ["2", "Grace"]], width: nil))
        #expect(console.lines.map(\.style) == [nil, .heading, nil, nil])
    }

    @Test("given a plain console, when a heading is printed, then it is written as a plain line")
    func plainConsoleIgnoresStyle() {
        let console = BufferConsole()
        console.print("Title", style: .heading)
        #expect(console.text == "Title\n")
    }
}
