import AgoraAPI
import AgoraArchitecture
import AgoraTerminalUI
import Auth

/// The Auth feature in the REPL: the login screen, and `login`, `logout` and `whoami` on every
/// screen.
public struct AuthScreens: FeatureScreens {
    public init() {}

    public var plugin: any FeaturePlugin { AuthPlugin() }

    public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        (viewModel as? any LoginViewModelType).map { LoginScreen(viewModel: $0, console: console) }
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [ScreenCommandSet(place: "the login screen", link: "agora://login", commands: LoginScreen.commands)]
    }

    /// The login screen's commands that take a password or a code.
    public var secretCommandNames: Set<String> {
        Set(LoginScreen.commands.filter(\.hidesArguments).map { $0.name.lowercased() })
    }

    /// `login`, then the login screen's fields and `submit`, each with its value on the line.
    public var scriptedLogin: String? {
        "`login`, `email <address>`, `password <password>`, `submit`"
    }

    public func commands(context: FeatureCommandContext) throws -> [FeatureCommand] {
        let dependency = try AccountViewModel.Dependency(authenticator: context.resolver.resolve(), sessions: context.resolver.resolve())
        return AccountCommands(dependency: dependency, navigator: context.navigator, console: context.console, demoLogin: context.demoLogin).all
    }
}
