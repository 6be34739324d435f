import AgoraApp
import AgoraModels
import Foundation
import Testing

@Suite("Device file")
struct DeviceFileTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("agora-device-\(UInt32.random(in: 0...UInt32.max))")

    var file: DeviceFile { DeviceFile(url: directory.appendingPathComponent("agora/device-live-http-127.0.0.1-8080")) }

    @Test("given no file, then there is no id; when one is saved, then it is kept owner-only, and every later run reads it")
    func savedThenKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(file.id() == nil, "an id comes from the server, at a login")

        try file.save("Issued_by-the-server-0123456789abcdef")

        #expect(file.id() == "Issued_by-the-server-0123456789abcdef")
        #expect(DeviceFile(url: file.url).id() == "Issued_by-the-server-0123456789abcdef", "another run reads the same device")
        let permissions = try FileManager.default.attributesOfItem(atPath: file.url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test("given a file that holds no valid id, then it gives none, so the next login is issued a new one")
    func invalidContentGivesNone() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try file.save("short")
        #expect(file.id() == nil)
    }

    @Test("given a configuration keeping its device in a file, when agora-server issues an id, then the file keeps it and the next run sends it")
    func issuedIDsAreKept() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var configuration = AppConfiguration(mode: .live)
        configuration.keepDeviceID(in: file)
        #expect(configuration.requestOrigin.deviceID == nil)

        configuration.requestOrigin.deviceIssued("Issued_by-the-server-0123456789abcdef")

        #expect(configuration.requestOrigin.deviceID == "Issued_by-the-server-0123456789abcdef")
        var nextRun = AppConfiguration(mode: .live)
        nextRun.keepDeviceID(in: file)
        #expect(nextRun.requestOrigin.deviceID == "Issued_by-the-server-0123456789abcdef")
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

    @Test(
        "given ids of 21, 22, 128 and 129 characters of the alphabet and ids with another character, then only those of 22 to 128 of the alphabet are well formed, as agora-server reads them"
    )
    func deviceIdentifierGrammar() {
        let alphabet = "ABCXYZabcxyz0189_-"
        let text = { (count: Int) in String((0..<count).map { alphabet[alphabet.index(alphabet.startIndex, offsetBy: $0 % alphabet.count)] }) }

        #expect(!DeviceIdentifier.isWellFormed(text(21)))
        #expect(DeviceIdentifier.isWellFormed(text(22)))
        #expect(DeviceIdentifier.isWellFormed(text(128)))
        #expect(!DeviceIdentifier.isWellFormed(text(129)))
        for other in ["+", "/", "=", " ", "é", "\u{0}", "Ａ"] {
            #expect(!DeviceIdentifier.isWellFormed(text(30) + other), "\(other.unicodeScalars.map { $0.value })")
        }
    }
}
