import AgoraChildProcess
import Foundation

/// Runs the built `agora` binary on a real terminal: a detached tmux session on a tmux server of
/// its own, with a fixed size and its own HOME, driven by `send-keys` and read by `capture-pane`.
final class TmuxSession {
    /// The tmux executable on PATH, if any.
    static let tmux: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    static var isAvailable: Bool { tmux != nil }

    /// The `agora` binary next to this test bundle in the build folder.
    static var agora: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("agora")
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A tmux server of its own (`-L`), so sessions of parallel runs and the user's never meet.
    private let socket = "agora-test-\(UInt64.random(in: 0...UInt64.max))"
    private let target = "agora"
    private var statusFile: URL { FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).status") }

    /// Starts `agora` with `arguments` in a `width`×`height` terminal with `HOME` = `home`.
    ///
    /// `PAGER` is `cat` unless `environment` says otherwise: output taller than the terminal is on
    /// the screen as it would be with no pager, rather than waiting in `less` for a key.
    ///
    /// - Parameter outputFilter: a command agora's standard output is piped to (`tee log`), as a
    ///   shell's `agora | tee log`; agora's exit status is then the filter's.
    init(
        home: URL, arguments: [String] = [], environment: [String: String] = [:], outputFilter: [String]? = nil, width: Int = 100,
        height: Int = 40
    ) throws {
        var assignments = ["HOME=\(home.path)"]
        for (name, value) in ["PAGER": "cat"].merging(environment, uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            assignments.append("\(name)=\(value)")
        }
        // Unset what would change the run: a mode, other data folders, a colour preference.
        let command =
            ["env", "-u", "AGORA_MODE", "-u", "XDG_DATA_HOME", "-u", "XDG_STATE_HOME", "-u", "NO_COLOR"]
            + assignments + [Self.agora.path] + arguments
        // The shell writes agora's exit status to a file: tmux's own record of it is not reliable.
        let pipeline = ([command] + (outputFilter.map { [$0] } ?? [])).map { $0.map(Self.shellQuoted).joined(separator: " ") }
        let shellCommand = pipeline.joined(separator: " | ") + "; echo $? > " + Self.shellQuoted(statusFile.path)
        try tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", target, "-x", "\(width)", "-y", "\(height)", shellCommand,
            ";", "set-option", "-t", target, "remain-on-exit", "on"
        )
    }

    deinit {
        _ = try? tmux("kill-server")
        try? FileManager.default.removeItem(at: statusFile)
    }

    /// Resizes the terminal, as a person dragging the window would (agora gets SIGWINCH).
    func resize(width: Int, height: Int = 40) throws {
        _ = try tmux("resize-window", "-t", target, "-x", "\(width)", "-y", "\(height)")
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux("send-keys", "-t", target, "-l", text)
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `C-c`, `C-d`, `C-r`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// The visible screen, lines joined; `escapes` keeps colours and styles as escape sequences.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-J", "-t", target] + (escapes ? ["-e"] : []))
    }

    /// Polls the screen every 50 ms until `condition` holds; returns the screen that satisfied
    /// it, or, past `timeout` (a hang), throws naming `what` with the last screen seen.
    @discardableResult
    func waitForScreen(
        _ what: String,
        escapes: Bool = false,
        timeout: Duration = Hang.bound,
        until condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen(escapes: escapes)
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "timed out after \(timeout) waiting for \(what); the screen was:\n\(last)")
    }

    /// Presses `key` until `condition` holds of the screen, for a key the terminal itself may
    /// take if it comes a moment too early: each press is given `wait` to show, at most
    /// `attempts` presses, then it throws naming `what` with the last screen seen.
    func press(_ key: String, until what: String, attempts: Int = 5, wait: Duration = .seconds(10), _ condition: (String) -> Bool) async throws {
        for _ in 1..<attempts {
            try press(key)
            if (try? await waitForScreen(what, timeout: wait, until: condition)) != nil { return }
        }
        try press(key)
        try await waitForScreen(what, timeout: wait, until: condition)
    }

    /// Waits until the screen's last non-empty line is exactly `prompt` (trailing spaces dropped).
    @discardableResult
    func waitForPrompt(_ prompt: String = "oss>", timeout: Duration = Hang.bound) async throws -> String {
        let screen = try await waitForScreen("the prompt '\(prompt)'", timeout: timeout) { Self.lastLine(of: $0) == prompt }
        try await waitForLineEditor(timeout: timeout)
        return screen
    }

    /// Waits until the line editor reads the terminal key by key (its line discipline is not
    /// canonical): the prompt can show a moment before, and a key pressed then (Ctrl-R) would be
    /// the terminal's to echo, not the editor's to act on.
    func waitForLineEditor(timeout: Duration = Hang.bound) async throws {
        let terminal = try tmux("display-message", "-p", "-t", target, "#{pane_tty}").trimmingCharacters(in: .whitespacesAndNewlines)
        let deadline = ContinuousClock.now + timeout
        var modes = ""
        while ContinuousClock.now < deadline {
            modes = try modesOf(terminal)
            if modes.split(whereSeparator: \.isWhitespace).contains("-icanon") { return }
            try await Task.sleep(for: .milliseconds(20))
        }
        throw Failure(description: "the line editor did not take \(terminal) within \(timeout): \(modes)")
    }

    /// The exit status once `agora` has ended, waiting at most `timeout`.
    func exitStatus(timeout: Duration = Hang.bound) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "agora did not exit within \(timeout); the screen was:\n\(try screen())")
    }

    static func lastLine(of screen: String) -> String? {
        screen.split(separator: "\n").last { !$0.allSatisfy(\.isWhitespace) }
            .map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    private static func shellQuoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `stty -a` of the pane's terminal: its line discipline's settings.
    private func modesOf(_ terminal: String) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).stty")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        _ = try Self.spawnAndWait("/bin/stty", ["-a", "-F", terminal], output: outputFile.path)
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let executable = Self.tmux else { throw Failure(description: "tmux is not installed") }
        // Output goes to a file, not a pipe: the tmux server that `new-session` forks would keep
        // a pipe open forever.
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let status = try Self.spawnAndWait(executable.path, ["-L", socket] + arguments, output: outputFile.path)
        let text = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.prefix(2).joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }

    /// Runs `path` with stdin from /dev/null and stdout and stderr into the file at `output`,
    /// and returns its exit status, waiting at most 10 s. (ChildProcess starts tmux with no
    /// signal blocked, or it would never hear of its pane's exit, SIGCHLD.)
    private static func spawnAndWait(_ path: String, _ arguments: [String], output: String) throws -> Int32 {
        let child = try ChildProcess(URL(fileURLWithPath: path), arguments, output: .file(URL(fileURLWithPath: output)), error: .standardOutput)
        return try child.waitUntilExit(within: Hang.bound).status
    }
}

/// A temporary HOME, removed at the end of `body`.
func withTemporaryHome<T>(_ body: (URL) async throws -> T) async throws -> T {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("agora-tmux-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    return try await body(home)
}
