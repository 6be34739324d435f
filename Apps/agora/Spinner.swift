import AgoraArchitecture
import AgoraREPL
import AgoraTerminalUI

/// A spinner on the terminal's status line while a command's work runs longer than a moment;
/// the console erases it before any other output and when the work ends.
@MainActor
final class Spinner: BusyIndicating {
    private static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// Work that ends sooner draws nothing, so quick commands do not flicker.
    private static let delay = Duration.milliseconds(200)

    private let console: StandardConsole
    private var drawing: Task<Void, Never>?

    init(console: StandardConsole) {
        self.console = console
    }

    func workStarted() {
        drawing?.cancel()
        drawing = Task { [console] in
            try? await Task.sleep(for: Self.delay)
            var frame = 0
            while !Task.isCancelled {
                console.showStatus("\(Self.frames[frame % Self.frames.count]) working… (Ctrl-C to stop)")
                frame += 1
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }

    func workEnded() {
        drawing?.cancel()
        drawing = nil
        console.clearStatus()
    }
}
