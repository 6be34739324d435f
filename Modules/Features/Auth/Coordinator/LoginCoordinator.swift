import AgoraArchitecture

/// Starts the login flow and, when it ends either way, returns the user to where they were; the
/// screen underneath resumes what waited for the login (see `LoginGate`).
@MainActor
public final class LoginCoordinator: Coordinator {
    private let dependency: LoginViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private let console: any Console
    private var observations: [OutputObservation] = []

    public init(dependency: LoginViewModel.Dependency, navigator: any Navigator, console: any Console) {
        self.dependency = dependency
        self.navigator = navigator
        self.console = console
    }

    public func start() -> any Screen {
        let viewModel = LoginViewModel(dependency: dependency)
        observations = [
            viewModel.navigation.loginSucceeded.observe { [weak self] _ in self?.navigator?.dismiss() },
            viewModel.navigation.loginCancelled.observe { [weak self] in self?.navigator?.dismiss() },
        ]
        return LoginScreen(viewModel: viewModel, console: console)
    }
}
