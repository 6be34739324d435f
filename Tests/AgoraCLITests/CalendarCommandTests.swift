import AgoraMocks
import Foundation
import Testing

/// `calendar [FILE]` on an event's screen: the event saved as an iCalendar file, as the web's
/// Add to calendar saves it.
@Suite("calendar: an event saved for the member's calendar")
struct CalendarCommandTests {
    @Test("given an event's screen, when `calendar FILE`, then the file holds that event and the REPL says where it went")
    func savesTheEvent() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("meetup.ics").path
        let event = try #require(MockData().events.first)

        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events/\(event.id); calendar \(path)"])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Saved \(event.title) to \(path): open it with your calendar to add the event."))
        let file = try String(contentsOfFile: path, encoding: .utf8)
        #expect(file.hasPrefix("BEGIN:VCALENDAR\r\n") && file.contains("\r\nSUMMARY:\(event.title)\r\n"))
        #expect(file.contains("\r\nUID:event-\(event.id)@agora\r\n"))
    }

    @Test("given a folder that does not exist, when `calendar` saves there, then one error names the path, and the script fails")
    func refusesAPathItCannotWrite() async throws {
        let path = "/nonexistent-\(UUID().uuidString)/meetup.ics"

        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events/1; calendar \(path)"])

        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error") }
        #expect(errors.count == 1 && errors[0].contains("Could not save '\(path)'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("given a folder, when `calendar` saves there, then one error suggests the event's own file name in it")
    func suggestsAFileInAFolder() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let event = try #require(MockData().events.first)

        let result = try await AgoraProcess.run(["--oss", "-c", "open agora://events/\(event.id); calendar \(folder.path)"])

        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.contains("error") }
        #expect(errors.count == 1 && errors[0].contains("'\(folder.path)' is a folder"), "\(result.stderr)")
        let suggested = try #require(errors.first?.firstMatch(of: /such as '[^']+\/([^'\/]+)'/)?.1)
        #expect(suggested.hasSuffix(".ics") && suggested != "event.ics", "the event's own name: \(suggested)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
