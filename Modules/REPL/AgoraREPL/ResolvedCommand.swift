import AgoraArchitecture
import AgoraTerminalUI

/// The command a line's first word names where the user is: the top screen's own, a feature's
/// command of every screen, or one of the REPL's.
@MainActor
enum ResolvedCommand {
    case screen(any Screen, ScreenCommand)
    case feature(FeatureCommand)
    case global(GlobalCommand)

    /// Its name, arguments and summary, as `help` lists them.
    var definition: ScreenCommand {
        switch self {
        case .screen(_, let command): command
        case .feature(let command): command.definition
        case .global(let command): command.definition
        }
    }

    /// The command `word` names on `screen`, in any letter case: a screen's command wins over
    /// the rest (`open 3` on a list), except a global `open` given a link (`open agora://…`).
    ///
    /// - Parameter firstArgument: the first argument when already read; it decides only
    ///   between a screen's `open` and the global one, whose arguments are read alike.
    static func find(
        _ word: String, firstArgument: String? = nil, screen: (any Screen)?, featureCommands: [FeatureCommand]
    ) -> ResolvedCommand? {
        let name = word.lowercased()
        let global = GlobalCommand(word: word)
        if let screen, let command = screen.commands.first(where: { $0.name.lowercased() == name }),
            !(global == .open && firstArgument?.contains("://") == true)
        {
            return .screen(screen, command)
        }
        if let command = featureCommands.first(where: { $0.definition.name.lowercased() == name }) {
            return .feature(command)
        }
        return global.map(ResolvedCommand.global)
    }
}
