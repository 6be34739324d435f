import AgoraArchitecture
import AgoraWebUI
import Events
import Foundation

/// The events list as a page: a table of upcoming events, each title a link to its page, the
/// next page on `more`.
@MainActor
final class EventsListPage: WebScreen {
    private let viewModel: any EventsListViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: EventsListWebInputs
    private let messages = WebMessages()
    private let list: WebListPage<EventRow>

    private static let emptyMessage = "No upcoming events."

    init(viewModel: any EventsListViewModelType) {
        self.viewModel = viewModel
        let inputs = EventsListWebInputs(viewModel.inputs)
        self.inputs = inputs
        let outputs = viewModel.outputs
        list = WebListPage(
            noun: "events", columns: ["When", "Event", "Where", "Going"], outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil }
        ) { row, _, _ in
            WebListPage.RenderedRow(cells: [
                .element("time", ["datetime": row.startsAt.date.formatted(.iso8601)], [.text(row.startsAt.text)]),
                .element("a", ["href": WebPath.of(.event(id: row.id))], [.text(row.title)]),
                .text(row.venue),
                .text(String(row.attendeeCount)),
            ])
        }
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    let title = "Upcoming events"

    func appear() {
        list.appear()
        inputs.viewDidLoad()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        list.body(page)
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        guard list.perform(action) else { throw .unknown(action, on: "The events list", known: ["more", "refresh"]) }
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        list.observeChanges(changed)
    }
}
