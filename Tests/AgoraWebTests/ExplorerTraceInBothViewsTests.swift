import AgoraApp
import AgoraArchitecture
import AgoraMocks
import AgoraREPL
import AgoraTestSupport
import Foundation
import Testing

/// The explorer is one model (`ArchitectureTrace`, `ArchitectureSnapshot`) that each view
/// renders: the same actions in the REPL and in agora-web report the same events, in the same
/// order, and leave the same ViewModel to inspect.
@MainActor
@Suite("The explorer in both views")
struct ExplorerTraceInBothViewsTests {
    /// One world for both views: the fixtures at the reference date, no change followed from
    /// elsewhere.
    static var configuration: AppConfiguration {
        var configuration = AppConfiguration(
            mode: .oss, environment: .test(), mockService: MockService(data: .test, now: { AgoraEnvironment.testReferenceDate }),
            paths: AgoraPaths(environment: ["HOME": "/home/agora"]))
        configuration.followsChanges = false
        return configuration
    }

    /// A trace line without what differs run to run: its clock and durations.
    static func withoutTimes(_ line: String) -> String {
        let event = line.drop { $0 != "]" }.dropFirst(2)
        return String(event).replacing(#/\d+\.\d{3} ms/#, with: "… ms")
    }

    @Test(
        "given the trace on, when the events list's next page is asked for and an event's comments opened by their link, then the REPL and the web page report the same events in the same order"
    )
    func sameEventsInBothViews() async throws {
        // The REPL.
        let console = BufferConsole(width: 400)
        let repl = try REPLSession(configuration: Self.configuration, console: console)
        var replLines: [String] = []
        repl.explorer.traceWriter = { replLines.append(Self.withoutTimes($0)) }
        _ = await repl.execute("open agora://events")
        _ = await repl.execute("trace on")
        _ = await repl.execute("more")
        _ = await repl.execute("open agora://events/1/comments")
        console.clear()
        _ = await repl.execute("inspect")
        let replInspection = console.lines
        console.clear()
        _ = await repl.execute("inputs")
        let replInputs = console.lines

        // agora-web.
        let (webLines, webInspection, webInputs) = try await withWebApp(configuration: { Self.configuration }) { port in
            let browser = Browser(port: port)
            try await browser.get("/events")
            try await browser.post("/_explorer", [("from", "/events")])
            try await browser.post("/events/more")
            let page = try await browser.get("/events/1/comments").body
            return (Self.traceLines(in: page).map(Self.withoutTimes), Self.inspectedValues(in: page), Self.inputs(in: page))
        }

        // The same top ViewModel, every output and signal with the same value.
        #expect(webInspection.count > 5, "the panel inspects the top ViewModel: \(webInspection)")
        for (name, value) in webInspection {
            #expect(
                replInspection.contains { $0.hasPrefix("  \(name) ") && $0.hasSuffix("  \(value)") },
                "`inspect` in the REPL shows \(name) = \(value), as the panel does:\n\(replInspection.joined(separator: "\n"))")
        }
        #expect(replInspection.filter { $0.hasPrefix("  ") }.count == webInspection.count, "as many outputs and signals in both")
        // The same inputs, in the same order, with the same parameters.
        #expect(webInputs.count > 5, "the panel lists the page's inputs: \(webInputs)")
        let replRows = replInputs.filter { line in webInputs.contains { line.hasPrefix($0.name + " ") } }
        #expect(replRows.count == webInputs.count, "`inputs` lists what the panel does:\n\(replInputs.joined(separator: "\n"))\n\(webInputs)")
        for (row, input) in zip(replRows, webInputs) {
            #expect(row.hasPrefix(input.name + " ") && row.contains(" \(input.parameters) "), "\(row) ~ \(input)")
        }

        #expect(replLines.contains { $0.hasPrefix("request fetchComments (mock, … ms)") }, "the REPL traced its requests: \(replLines)")
        #expect(replLines.contains { $0.hasPrefix("navigate push agora://events/1/comments") }, "and its hops: \(replLines)")
        #expect(webLines == replLines, "web:\n\(webLines.joined(separator: "\n"))\nREPL:\n\(replLines.joined(separator: "\n"))")
    }

    /// The panel's inputs, in order, with their parameters as written.
    static func inputs(in page: String) -> [(name: String, parameters: String)] {
        guard let table = page.firstMatch(of: #/<table class="inputs">(.*?)</table>/#.dotMatchesNewlines()) else { return [] }
        return table.output.1.matches(of: #/<tr><td>([^<]*)</td><td>([^<]*)</td><td><form/#).map { (String($0.output.1), unescaped(String($0.output.2))) }
    }

    /// The panel's inspected outputs and signals, by name.
    static func inspectedValues(in page: String) -> [(String, String)] {
        page.matches(of: #/<tr><td>([^<]*)</td><td class="value">([^<]*)</td></tr>/#).map { match in
            (unescaped(String(match.output.1)), unescaped(String(match.output.2)))
        }
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The panel's trace lines, as text.
    static func traceLines(in page: String) -> [String] {
        guard let list = page.firstMatch(of: #/<ol class="trace">(.*?)</ol>/#.dotMatchesNewlines()) else { return [] }
        return list.output.1.matches(of: #/<li>(.*?)</li>/#).map { unescaped(String($0.output.1)) }
    }
}
