import AgoraArchitecture
import AgoraWebUI
import TemplateItems

/// The template items list as a page: each row's event a link to it, the next page on `more`.
@MainActor
final class TemplateItemsPage: WebScreen {
    private let viewModel: any TemplateItemsViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: TemplateItemsWebInputs
    private let messages = WebMessages()
    private let list: WebListPage<TemplateItemRow>

    private static let emptyMessage = "No template items yet."

    init(viewModel: any TemplateItemsViewModelType) {
        self.viewModel = viewModel
        let inputs = TemplateItemsWebInputs(viewModel.inputs)
        self.inputs = inputs
        let outputs = viewModel.outputs
        list = WebListPage(
            noun: "template items", columns: ["Event", "Template item"], outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.isEmpty.value ? Self.emptyMessage : nil }
        ) { row, _, _ in
            WebListPage.RenderedRow(cells: [.element("a", ["href": WebPath.of(.event(id: row.eventID))], [.text(row.summary)]), .text(row.title)])
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
}
