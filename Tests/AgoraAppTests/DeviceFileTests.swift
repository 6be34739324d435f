import AgoraApp
import Foundation
import Testing

@Suite("Device file")
struct DeviceFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agora-device-\(UInt32.random(in: 0...UInt32.max))")

    var file: DeviceFile { DeviceFile(url: directory.appendingPathComponent("agora/device-live-http-127.0.0.1-8080")) }

    @Test("given no file, when the id is asked for, then a new one is written owner-only, and the same id comes back every time after")
    func madeOnceThenKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try #require(file.id())

        #expect(first.count == 64 && first.allSatisfy(\.isHexDigit))
        #expect(file.id() == first)
        #expect(DeviceFile(url: file.url).id() == first, "another run reads the same device")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test("given a file that holds no valid id, when the id is asked for, then a new valid one replaces it")
    func invalidContentIsReplaced() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = file.id()
        try Data("short\n".utf8).write(to: file.url)

        let id = try #require(file.id())

        #expect(id != "short" && id.count == 64)
        #expect(String(decoding: try Data(contentsOf: file.url), as: UTF8.self) == id + "\n")
    }

    @Test("given the paths of two live servers, then each has its own device file beside its session file, and OSS mode one")
    func onePerServer() throws {
        let paths = AgoraPaths(environment: ["HOME": "/home/someone"])
        let first = DeviceFile(paths: paths, mode: .live, server: URL(string: "http://127.0.0.1:8080")).url
        let second = DeviceFile(paths: paths, mode: .live, server: URL(string: "https://agora.example")).url
        #expect(first != second)
        #expect(first.deletingLastPathComponent() == paths.sessionFile(for: .live, server: URL(string: "http://127.0.0.1:8080")).deletingLastPathComponent())
        #expect(first.lastPathComponent.hasPrefix("device-live-"))
    }
}
