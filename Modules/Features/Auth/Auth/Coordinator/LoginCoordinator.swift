import AgoraArchitecture

/// Starts the login flow and, when it ends either way, returns the user to where they were; the
/// screen underneath resumes what waited for the login (see `LoginGate`). When the login is
/// abandoned (the host can never answer it), what waited for it is given up, and the flow
/// closes as if cancelled.
@MainActor
public final class LoginCoordinator: Coordinator {
    private let dependency: LoginViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observations: [OutputObservation] = []

    public init(dependency: LoginViewModel.Dependency, navigator: any Navigator) {
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel {
        let viewModel = LoginViewModel(dependency: dependency)
        observations = [
            viewModel.navigation.loginSucceeded.observe { [weak self] _ in self?.navigator?.dismiss() },
            viewModel.navigation.loginCancelled.observe { [weak self] in self?.navigator?.dismiss() },
            dependency.sessions.loginWaits.abandoned.observe { [weak self] in self?.navigator?.dismiss() },
        ]
        return viewModel
    }
}
