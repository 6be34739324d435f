import AgoraArchitecture
import AgoraTerminalUI
import Testing

/// The error ``FeatureScreens/show(_:on:)`` throws for a ViewModel the feature has no screen for.
public struct NoScreenError: Error, CustomStringConvertible {
    public let description: String
}

extension FeatureScreens {
    /// The screen this feature shows `viewModel` with, writing to `console`, as the REPL would
    /// make it: the way a test reaches a coordinator's screen.
    public func show(_ viewModel: any ViewModel, on console: any Console) throws -> any Screen {
        guard let screen = screen(for: viewModel, console: console) else {
            throw NoScreenError(description: "\(plugin.name) has no screen for \(type(of: viewModel))")
        }
        return screen
    }
}
