import AgoraArchitecture

/// What the REPL shows for a ViewModel no feature has a screen for: a plugin listed without its
/// screens. It says so when shown, rather than leaving the user on a silent screen.
@MainActor
final class MissingScreen: Screen {
    private let viewModel: any ViewModel
    private let route: Route
    private let console: any Console

    init(viewModel: any ViewModel, route: Route, console: any Console) {
        self.viewModel = viewModel
        self.route = route
        self.console = console
    }

    var commands: [ScreenCommand] { [] }
    var work: WorkTracker { viewModel.work }

    func appear() {
        console.error("No screen shows \(type(of: viewModel)), which \(route) opened; list the feature's screens beside its plugin.")
    }

    func reappear() { appear() }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        throw CommandError("This screen has no command '\(command)'.")
    }
}
