import AgoraArchitecture
import AgoraModels
import AgoraWebUI
import Comments
import CommentsViewInputs

/// An event's latest comments on the event's page: the newest few as cards, and the way to the
/// whole conversation, where a member writes.
@MainActor
final class LatestCommentsSection: WebSection {
    private let viewModel: any LatestCommentsViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: LatestCommentsInputs
    private let eventID: Event.ID
    /// The last page that could not be loaded, said while no comment is cached.
    private var error: String?
    private var observations: [OutputObservation] = []

    init(eventID: Event.ID, viewModel: any LatestCommentsViewModelType) {
        self.eventID = eventID
        self.viewModel = viewModel
        inputs = LatestCommentsInputs(viewModel.inputs)
    }

    var work: WorkTracker { viewModel.work }

    func appear() {
        observations = [viewModel.outputs.showError.observe { [weak self] message in self?.error = message }]
        inputs.viewDidLoad()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        let outputs = viewModel.outputs
        let all = WebPath.of(.eventComments(eventID: eventID))
        var parts: [HTML] = [.element("h2", ["id": "latest-comments"], [.text("Latest comments")])]
        if !outputs.comments.value.isEmpty {
            parts.append(
                .element(
                    "ol", ["class": "rows"],
                    outputs.comments.value.map { row in .element("li", [CommentCard.byline(row), CommentCard.text(row)]) }))
            parts.append(.element("p", [.element("a", ["href": all], [.text("Read the whole conversation and join in")])]))
        } else if outputs.isEmpty.value {
            parts.append(.element("p", ["class": "empty"], [.text("No comments yet. "), .element("a", ["href": all], [.text("Write the first")])]))
        } else if let error {
            parts.append(
                .element(
                    "p", ["class": "empty"], [.text("The comments could not be loaded: \(error) "), .element("a", ["href": all], [.text("Open the comments")])])
            )
        }
        return [.element("section", ["class": "latest", "aria-labelledby": "latest-comments"], parts)]
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        let outputs = viewModel.outputs
        return [outputs.comments.observe { _ in changed() }, outputs.isEmpty.observe { _ in changed() }]
    }
}
