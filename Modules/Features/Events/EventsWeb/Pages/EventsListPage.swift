import AgoraArchitecture
import AgoraWebUI
import Events
import EventsViewInputs
import Foundation

/// An events list as a page, every upcoming event or the member's own: a card per event (when,
/// the title as a link to its page, where, how many are going and whether the member is), the
/// next page on `more`.
@MainActor
final class EventsListPage: WebScreen {
    private let viewModel: any EventsListViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: EventsListInputs
    private let messages = WebMessages()
    private let list: WebListPage<EventRow>

    init(viewModel: any EventsListViewModelType) {
        self.viewModel = viewModel
        let inputs = EventsListInputs(viewModel.inputs)
        self.inputs = inputs
        let outputs = viewModel.outputs
        list = WebListPage(
            noun: "events", tiled: true, outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage(outputs.filter) : nil }
        ) { row, _, _ in
            WebListPage.RenderedRow(card: [
                .element("time", ["class": "when", "datetime": row.startsAt.date.formatted(.iso8601)], [.text(row.startsAt.text)]),
                .element("h2", [.element("a", ["href": WebPath.of(.event(id: row.id))], [.text(row.title)])]),
                .element("p", ["class": "meta"], Self.meta(of: row, in: outputs.filter)),
            ])
        }
    }

    /// Where, how many are going, and whether the member is one of them (on the list of their
    /// own events, every one is: it goes unsaid).
    private static func meta(of row: EventRow, in filter: EventsFilter) -> [HTML] {
        var meta: [HTML] = [
            .element("span", ["class": "venue"], [.text(row.venue)]), .element("span", ["class": "going"], [.text("\(row.attendeeCount) going")]),
        ]
        if row.isGoing, filter == .upcoming { meta.append(.element("strong", ["class": "you"], [.text("You're going")])) }
        return meta
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    var title: String {
        switch viewModel.outputs.filter {
        case .upcoming: "Upcoming events"
        case .going: "Your events"
        }
    }

    private static func emptyMessage(_ filter: EventsFilter) -> String {
        switch filter {
        case .upcoming: "No upcoming events."
        case .going: "You are not going to any upcoming event yet: say you are going on an event's page."
        }
    }

    func appear() {
        list.appear()
        inputs.viewDidLoad()
    }

    func reappear() {
        inputs.viewDidReappear()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        guard viewModel.outputs.needsLogin.value else { return list.body(page) }
        // Nothing to refresh or count yet: the one thing to do is log in.
        return messages.take() + [
            .element("p", ["class": "empty"], [.text("Log in to see the events you are going to.")]),
            WebPageContext.actions([.element("a", ["class": "button primary", "href": WebPath.of(.login)], [.text("Log in")])]),
        ]
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        guard list.perform(action) else { throw .unknown(action, on: "The events list", known: ["more", "refresh"]) }
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        list.observeChanges(changed) + [viewModel.outputs.needsLogin.observe { _ in changed() }]
    }

    var anchor: String? { list.anchor }
}
