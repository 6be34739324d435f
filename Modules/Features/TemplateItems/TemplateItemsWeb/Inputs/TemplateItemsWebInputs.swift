import AgoraArchitecture
import TemplateItems

/// The inputs of the template items list as its page sends them, each traced before it reaches
/// the ViewModel.
@MainActor
final class TemplateItemsWebInputs: TracedInputs<any TemplateItemsViewModelInputs>, TemplateItemsViewModelInputs {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }
}
