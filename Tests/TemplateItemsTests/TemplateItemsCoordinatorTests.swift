import AgoraArchitecture
import AgoraCache
import AgoraMocks
import AgoraModels
import AgoraTerminalUI
import AgoraTestSupport
import Testing

@testable import TemplateItems
@testable import TemplateItemsREPL

@MainActor
@Suite("Template items: coordinator, screen, plugin and route")
struct TemplateItemsCoordinatorTests {
    let navigator = NavigatorSpy()
    let console = BufferConsole()
    /// Kept for the whole test: a coordinator observes its screen's navigation only while it lives.
    let coordinator: TemplateItemsCoordinator

    init() {
        let cache = InMemoryListCache<TemplateItem>()
        let dependency = TemplateItemsViewModel.Dependency(
            fetcher: TemplateItemsFetcherSpy(expecting: [.templateItemsPages], cache: cache),
            loader: TemplateItemsCacheLoader(expecting: [.templateItems], cache: cache), environment: .test())
        coordinator = TemplateItemsCoordinator(dependency: dependency, navigator: navigator)
    }

    /// The list's screen, shown and loaded.
    func shownScreen() async throws -> any Screen {
        let screen = try TemplateItemsScreens().show(coordinator.start(), on: console)
        screen.appear()
        await screen.work.waitUntilIdle()
        return screen
    }

    @Test("given the list is shown, when it appears, then a table of the first page is drawn under its title")
    func drawsFirstPage() async throws {
        _ = try await shownScreen()

        #expect(console.lines.first == "Template items")
        #expect(console.lines.count == 2 + 20, "the title, the header and a line per row")
    }

    @Test("given the list is shown, when a row is opened, then the coordinator opens that template item's event by route")
    func openRowOpensEvent() async throws {
        let screen = try await shownScreen()

        try screen.perform("open", arguments: ["2"])

        #expect(navigator.opened == [.event(id: TemplateItemsFetcherSpy.fixtures()[1].eventID)])
    }

    @Test("given the list is shown, when a row that is not on screen is opened, then the error names the range and nothing opens")
    func badRow() async throws {
        let screen = try await shownScreen()

        #expect(throws: CommandError("Expected a row number from 1 to 20, got '21'.")) {
            try screen.perform("open", arguments: ["21"])
        }
        #expect(navigator.opened.isEmpty)
    }

    @Test("given every page is shown, when `more` is typed, then it says all are shown and asks for nothing")
    func moreAtTheEnd() async throws {
        let screen = try await shownScreen()
        try screen.perform("more", arguments: [])
        await screen.work.waitUntilIdle()
        console.clear()

        try screen.perform("more", arguments: [])

        #expect(console.lines == ["No more template items: all 25 are shown."])
    }

    @Test("the plugin owns its route and no other")
    func pluginRoutes() {
        let plugin = TemplateItemsPlugin()
        #expect(plugin.handles(.templateItems))
        #expect(!plugin.handles(Route(path: "events")))
        #expect(!plugin.handles(.event(id: 1)))
        #expect(!plugin.handles(.login))
    }

    @Test("the route has one link, agora://template-items, read both ways, and the plugin lists it")
    func routeLink() {
        #expect(TemplateItemsPlugin().destinations.map(\.exampleLink) == ["agora://template-items"])
        #expect(Route(url: "agora://template-items") == .templateItems)
        #expect(Route(url: "https://agora.example/template-items") == .templateItems)
        #expect(Route.templateItems.url == "agora://template-items")
    }
}
