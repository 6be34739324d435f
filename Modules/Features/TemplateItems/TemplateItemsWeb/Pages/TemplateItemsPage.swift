import AgoraArchitecture
import AgoraWebUI
import Foundation
import TemplateItems
import TemplateItemsViewInputs

/// The template items list as a page: when each closes, how many answered, and the question, a
/// link to its event; the next page on `more`.
@MainActor
final class TemplateItemsPage: WebScreen {
    private let viewModel: any TemplateItemsViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: TemplateItemsInputs
    private let messages = WebMessages()
    private let list: WebListPage<TemplateItemRow>

    private static let emptyMessage = "No template items yet."

    init(viewModel: any TemplateItemsViewModelType) {
        self.viewModel = viewModel
        let inputs = TemplateItemsInputs(viewModel.inputs)
        self.inputs = inputs
        let outputs = viewModel.outputs
        list = WebListPage(
            noun: "template items", columns: ["Closes", "Answers", "Template item"], outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil }
        ) { row, _, _ in
            WebListPage.RenderedRow(cells: [
                .element("time", ["datetime": row.closesAt.date.formatted(.iso8601)], [.text(row.closesAt.text)]),
                .text(String(row.responseCount)),
                .element("a", ["href": WebPath.of(row.route)], [.text(row.title)]),
            ])
        }
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    let title = "Template items"

    func appear() {
        list.appear()
        inputs.viewDidLoad()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        list.body(page)
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        guard list.perform(action) else { throw .unknown(action, on: "The template items list", known: ["more", "refresh"]) }
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        list.observeChanges(changed)
    }

    var anchor: String? { list.anchor }
}
