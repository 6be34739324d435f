import AgoraTerminalUI
import Foundation
import Testing

/// Where a command saves a file: the path as typed, `~` as the home folder, and a path that
/// cannot be written refused in one line naming it.
@Suite("SavedFilePath: a file a command saves")
struct SavedFilePathTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-saved-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test("given ~ or ~/x, then the home folder; given anything else, the path as typed")
    func home() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        #expect(SavedFilePath("~/meetup.ics", suggestedName: "meetup.ics").expanded == home + "/meetup.ics")
        #expect(SavedFilePath("~", suggestedName: "meetup.ics").expanded == home)
        for typed in ["~ana/x.ics", "a/~/x.ics", "/tmp/x.ics", "x.ics"] {
            #expect(SavedFilePath(typed, suggestedName: "meetup.ics").expanded == typed)
            #expect(SavedFilePath(typed, suggestedName: "meetup.ics").typed == typed)
        }
    }

    @Test("given a new file, then it is written and none was replaced; written again, then it says one was")
    func writesAndReplaces() throws {
        let path = folder.appendingPathComponent("event.ics").path
        defer { try? FileManager.default.removeItem(at: folder) }

        #expect(try SavedFilePath(path, suggestedName: "meetup.ics").write("first é\r\n") == false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "first é\r\n")
        #expect(try SavedFilePath(path, suggestedName: "meetup.ics").write("second") == true)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    }

    @Test("given a folder, or a folder that does not exist, then one line naming the path as typed, and nothing written")
    func refusals() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("no-such-folder/event.ics").path

        #expect(throws: CommandError.self) { try SavedFilePath(folder.path, suggestedName: "meetup.ics").write("x") }
        do {
            _ = try SavedFilePath(missing, suggestedName: "meetup.ics").write("x")
            Issue.record("written into a folder that does not exist")
        } catch {
            #expect(error.message.contains("'\(missing)'") && !error.message.contains("\n"))
        }
        do {
            _ = try SavedFilePath(folder.path, suggestedName: "meetup.ics").write("x")
        } catch {
            #expect(error.message == "'\(folder.path)' is a folder: name a file in it, such as '\(folder.path)/meetup.ics'.")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
    }
}
