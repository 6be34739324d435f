import AgoraArchitecture
import AgoraTestSupport
import AgoraWebUI
import Foundation
import Testing

@Suite("Web kit: a moment on a page")
struct HTMLTimeTests {
    let environment = AgoraEnvironment.test()

    @Test("given a comment written two hours before the present, when shown relatively, then in words, with its instant and its full date for a pointer")
    func relative() {
        let written = environment.displayDate(AgoraEnvironment.testReferenceDate.addingTimeInterval(-2 * 3_600))

        let html = HTML.time(written, .relative).rendered

        #expect(html == "<time datetime=\"2026-11-30T22:00:00Z\" title=\"\(written.text)\">2 hours ago</time>")
        #expect(written.text.contains("Nov 30, 2026"), "the title is the full date: \(written.text)")
    }

    @Test("given a moment shown compactly, then its day and time, with the same instant and title")
    func compact() {
        let start = environment.displayDate(AgoraEnvironment.testReferenceDate.addingTimeInterval(19 * 3_600))

        let html = HTML.time(start).rendered

        #expect(html == "<time datetime=\"2026-12-01T19:00:00Z\" title=\"\(start.text)\">\(start.compactText)</time>")
    }
}
