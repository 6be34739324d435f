import AgoraREPL
import AgoraTerminalUI
import Foundation

/// The commands agora runs before its first prompt, as psql runs `~/.psqlrc`: the file at
/// `AgoraPaths.startupFile` (`$XDG_CONFIG_HOME/agora/agorarc`, else `~/.config/agora/agorarc`),
/// one command a line, `#` starting a comment. `agora -X` skips it.
enum StartupFile {
    /// The file's command lines, each placed for its errors (`…/agorarc:3: error: …`); none when
    /// there is no file.
    static func lines(at url: URL) throws(CommandError) -> [ScriptLine] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        guard let text = ScriptFile.text(at: url.path) else {
            throw CommandError("Cannot read the startup file \(url.path): check that it is UTF-8 text you can read, or start with -X to skip it.")
        }
        return ScriptLine.lines(ofFile: url.path, text: text)
    }
}
