import Foundation

/// Whether this machine can build a copy of the package: the scaffolder test needs `swift` and
/// `git` on PATH, and can be turned off for a quick run.
enum Toolchain {
    static func isOnPath(_ command: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command)") }
    }

    /// Why the test cannot run here, or `nil` when it can.
    static var reasonToSkip: String? {
        if ProcessInfo.processInfo.environment["AGORA_SKIP_SCAFFOLDER_TEST"] == "1" {
            return "AGORA_SKIP_SCAFFOLDER_TEST=1: the scaffolder test (a whole build of a copy) is turned off"
        }
        if !isOnPath("swift") { return "swift is not on PATH: the scaffolder test builds a copy of the package" }
        if !isOnPath("git") { return "git is not on PATH: the scaffolder test copies the repository with git ls-files" }
        return nil
    }
}
