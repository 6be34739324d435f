import AgoraArchitecture
import AgoraDI
import AgoraTerminalUI
import Events

/// The Events feature in the REPL: the events list and an event's screen.
public struct EventsScreens: FeatureScreens {
    public init() {}

    public var plugin: any FeaturePlugin { EventsPlugin() }

    public func screen(for viewModel: any ViewModel, console: any Console) -> (any Screen)? {
        switch viewModel {
        case let list as any EventsListViewModelType: EventsListScreen(viewModel: list, console: console)
        case let detail as any EventDetailViewModelType: EventDetailScreen(viewModel: detail, console: console)
        default: nil
        }
    }

    /// The cached upcoming events' ids, for `agora://events/{id}`: the UseCase is resolved when
    /// they are first read, after the events were shown.
    public func linkIDSources(resolver: any Resolver) throws -> [LinkIDSource] {
        [LinkIDSource(path: "events") { await (try? resolver.resolve(EventsUseCase.self))?.cachedEventIDs() ?? [] }]
    }

    public var screenCommandSets: [ScreenCommandSet] {
        [
            ScreenCommandSet(place: "the upcoming events", link: "agora://events", commands: EventsListScreen.commands),
            ScreenCommandSet(place: "an event's screen", link: "agora://events/42", commands: EventDetailScreen.commands),
        ]
    }
}
