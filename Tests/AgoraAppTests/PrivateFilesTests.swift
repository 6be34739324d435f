import AgoraApp
import AgoraModels
import AgoraPrivateFiles
import AgoraSQLiteCache
import AgoraTestSupport
import Foundation
import Synchronization
import Testing

/// The files that hold secrets — the session, the cache, the history — as another local user
/// would probe them: never readable by others, not even while they are written, and never
/// written through a symbolic link.
@Suite("Private files: owner-only from the first byte, never through a link", .serialized)
struct PrivateFilesTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("agora-private-\(UInt32.random(in: 0...UInt32.max))")

    func mode(_ path: String) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test("given a watcher listing the data folder without pause, when the session is saved 300 times, then it never sees a file anyone but the owner may read")
    func watcherNeverSeesALooseFile() throws {
        let file = SessionFile(url: folder.appendingPathComponent("data/session-live.json"))
        defer { try? FileManager.default.removeItem(at: folder) }
        try file.save(.demo())
        let watcher = DirectoryWatcher(folder.appendingPathComponent("data").path)
        watcher.start()

        for _ in 0..<300 { try file.save(.demo()) }
        let report = watcher.stop()

        #expect(report.filesSeen >= 300, "the watcher looked at the folder while it was written")
        #expect(report.looseModes.isEmpty, "files seen readable by others: \(report.looseModes)")
    }

    @Test(
        "given a data folder left 0755 and a session file left 0644 by an older version, when the session is saved, then the folder is 0700 and the file 0600")
    func looseFolderAndFileAreTightened() throws {
        let data = folder.appendingPathComponent("data")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let url = data.appendingPathComponent("session-live.json")
        _ = FileManager.default.createFile(atPath: url.path, contents: Data("{}".utf8), attributes: [.posixPermissions: 0o644])

        try SessionFile(url: url).save(.demo())

        #expect(try mode(data.path) == 0o700)
        #expect(try mode(url.path) == 0o600)
    }

    @Test(
        "given a symbolic link where the cache file goes, when the cache opens, then the link's target is neither written nor changed, and the error names the link"
    )
    func cacheRefusesASymbolicLink() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try PrivateFile.prepareDirectory(folder.path)
        let target = folder.appendingPathComponent("elsewhere.txt")
        _ = FileManager.default.createFile(atPath: target.path, contents: Data("someone else's".utf8), attributes: [.posixPermissions: 0o644])
        let link = folder.appendingPathComponent("cache-live.sqlite")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        #expect(throws: (any Error).self) { try CacheDatabase(location: .file(link)) }
        #expect(throws: PrivateFileError(path: link.path, code: ELOOP)) { try PrivateFile.prepareFile(link.path) }

        #expect(try String(contentsOf: target, encoding: .utf8) == "someone else's")
        #expect(try mode(target.path) == 0o644)
    }

    @Test(
        "given a symbolic link where the session file goes, when the session is saved, then the link is replaced by a private file and its target is untouched")
    func sessionReplacesALinkNeverWritesThroughIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try PrivateFile.prepareDirectory(folder.path)
        let target = folder.appendingPathComponent("elsewhere.txt")
        _ = FileManager.default.createFile(atPath: target.path, contents: Data("someone else's".utf8), attributes: [.posixPermissions: 0o644])
        let link = folder.appendingPathComponent("session-live.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)

        try SessionFile(url: link).save(.demo())

        #expect(try String(contentsOf: target, encoding: .utf8) == "someone else's")
        #expect(try FileManager.default.attributesOfItem(atPath: link.path)[.type] as? FileAttributeType == .typeRegular)
        #expect(try mode(link.path) == 0o600)
        #expect(try SessionFile(url: link).load() == .demo())
    }

    @Test("given a new cache file, when it is created, then it and the folders made for it are owner-only")
    func newCacheIsPrivate() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a/b/cache-live.sqlite")

        _ = try CacheDatabase(location: .file(url))

        #expect(try mode(url.path) == 0o600)
        #expect(try mode(folder.appendingPathComponent("a/b").path) == 0o700)
        #expect(try mode(folder.appendingPathComponent("a").path) == 0o700)
    }
}

/// Lists a folder over and over on a thread of its own and records every file it sees that
/// others could read: what another local user would be racing to open.
final class DirectoryWatcher: Sendable {
    struct Report: Sendable {
        var filesSeen = 0
        var looseModes: [String] = []
    }

    private let path: String
    private let report = Mutex(Report())
    private let running = Atomic(true)
    private let finished = DispatchSemaphore(value: 0)

    init(_ path: String) { self.path = path }

    func start() {
        Thread.detachNewThread { [self] in
            while running.load(ordering: .relaxed) {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
                for name in names {
                    var status = stat()
                    guard lstat("\(path)/\(name)", &status) == 0 else { continue }
                    let mode = Int(status.st_mode & 0o777)
                    report.withLock { report in
                        report.filesSeen += 1
                        if mode & 0o077 != 0 { report.looseModes.append("\(name) \(String(mode, radix: 8))") }
                    }
                }
            }
            finished.signal()
        }
    }

    func stop() -> Report {
        running.store(false, ordering: .relaxed)
        finished.wait()
        return report.withLock { $0 }
    }
}
