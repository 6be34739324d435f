import Activities
import ActivitiesViewInputs
import AgoraArchitecture
import AgoraModels
import AgoraWebUI
import Foundation

/// The activity feed as a page: what happened at the events the user attends and hosts, each
/// row a card (its kind, when, and a sentence that links to what it is about); logged out, a
/// login button.
@MainActor
final class ActivitiesPage: WebScreen {
    private let viewModel: any ActivitiesViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: ActivitiesInputs
    private let messages = WebMessages()
    private let list: WebListPage<ActivityRow>
    private var observations: [OutputObservation] = []

    init(viewModel: any ActivitiesViewModelType) {
        self.viewModel = viewModel
        let inputs = ActivitiesInputs(viewModel.inputs)
        self.inputs = inputs
        let outputs = viewModel.outputs
        list = WebListPage(
            noun: "activities", outputs: outputs, inputs: inputs, messages: messages,
            emptyMessage: { outputs.emptyState.value.map(Self.message) }
        ) { row, _, _ in
            WebListPage.RenderedRow(card: [
                .element(
                    "p", ["class": "byline"],
                    [
                        .element("span", ["class": "kind", "data-kind": row.kind.rawValue], [.text(Self.label(for: row.kind))]),
                        .element("time", ["datetime": row.when.date.formatted(.iso8601)], [.text(row.when.compactText)]),
                    ]),
                .element("p", ["class": "text"], [.element("a", ["href": WebPath.of(row.route)], [.text(row.text)])]),
            ])
        }
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    var title: String { viewModel.outputs.userName.value.map { "Activity for \($0)" } ?? "Activity" }

    static func message(for state: ActivitiesEmptyState) -> String {
        switch state {
        case .loggedOut: "Log in to see what is happening at the events you attend and host."
        case .noActivity: "Nothing here yet. RSVP to an event to follow its comments."
        }
    }

    /// What kind of thing happened, as the row's tag says it.
    static func label(for kind: Activity.Kind) -> String {
        switch kind {
        case .commented: "Comment"
        case .rsvped: "RSVP"
        case .startingSoon: "Starting soon"
        }
    }

    func appear() {
        list.appear()
        observations = [
            viewModel.outputs.showAlreadyLoggedIn.observe { [messages] user in
                messages.notice("You are already logged in as \(user.name); to use another account, log out first.")
            }
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        inputs.viewDidReappear()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        var parts = list.body(page)
        if viewModel.outputs.emptyState.value == .loggedOut {
            parts.append(page.button("login", label: "Log in", look: .primary))
        }
        return parts
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        if list.perform(action) { return }
        switch action.name {
        case "login": inputs.loginTapped()
        default: throw .unknown(action, on: "The activity feed", known: ["more", "refresh", "login"])
        }
    }

    func loginReason(for action: WebAction) -> String? {
        action.name == "login" ? "Log in to see what is happening at your events." : nil
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        list.observeChanges(changed) + [viewModel.outputs.emptyState.observe { _ in changed() }]
    }

    var anchor: String? { list.anchor }
}
