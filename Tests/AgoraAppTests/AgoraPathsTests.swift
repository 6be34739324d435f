import AgoraApp
import Foundation
import Testing

@Suite("Where Agora keeps files (XDG)")
struct AgoraPathsTests {
    @Test("defaults under HOME")
    func defaults() {
        let paths = AgoraPaths(environment: ["HOME": "/home/ana"])
        #expect(paths.historyFile.path == "/home/ana/.local/state/agora/history")
        #expect(paths.dataDirectory.path == "/home/ana/.local/share/agora")
        #expect(paths.startupFile.path == "/home/ana/.config/agora/agorarc")
    }

    @Test("XDG variables win when absolute; relative ones are ignored as the spec says")
    func xdgVariables() {
        let paths = AgoraPaths(environment: ["HOME": "/home/ana", "XDG_STATE_HOME": "/tmp/state", "XDG_DATA_HOME": "relative"])
        #expect(paths.historyFile.path == "/tmp/state/agora/history")
        #expect(paths.dataDirectory.path == "/home/ana/.local/share/agora")
        #expect(AgoraPaths(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "/etc/ana"]).startupFile.path == "/etc/ana/agora/agorarc")
        #expect(AgoraPaths(environment: ["HOME": "/home/ana", "XDG_CONFIG_HOME": "config"]).startupFile.path == "/home/ana/.config/agora/agorarc")
    }
}
