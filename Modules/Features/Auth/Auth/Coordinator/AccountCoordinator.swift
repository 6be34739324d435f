import AgoraArchitecture

/// Starts the account's ViewModel, which every screen of a view shares (the account is reachable
/// from anywhere), and opens the login screen when it asks for it.
@MainActor
public final class AccountCoordinator: Coordinator {
    private let dependency: AccountViewModel.Dependency
    private weak var navigator: (any Navigator)?
    private var observation: OutputObservation?

    public init(dependency: AccountViewModel.Dependency, navigator: any Navigator) {
        self.dependency = dependency
        self.navigator = navigator
    }

    public func start() -> any ViewModel { startAccount() }

    /// ``start()``, typed for the view that shows the account.
    public func startAccount() -> any AccountViewModelType {
        let viewModel = AccountViewModel(dependency: dependency)
        observation = viewModel.navigation.showLogin.observe { [weak self] in
            self?.navigator?.open(.login)
        }
        return viewModel
    }
}
