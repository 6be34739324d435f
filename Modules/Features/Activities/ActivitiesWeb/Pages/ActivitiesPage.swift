import Activities
import ActivitiesViewInputs
import AgoraArchitecture
import AgoraModels
import AgoraWebUI
import Foundation

/// The activity feed as a page: what happened at the events the user attends and hosts, each
/// row a card (when, and one sentence that links to what it is about); empty, a way to the
/// events; logged out, only why and a login button.
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
                    [.time(row.when, row.kind == .startingSoon ? .compact : .relative)]),
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
        switch viewModel.outputs.emptyState.value {
        case .loggedOut:
            // Nothing to refresh or count yet: the one thing to do is log in.
            return messages.take() + [
                .element("p", ["class": "empty"], [.text(Self.message(for: .loggedOut))]),
                WebPageContext.actions([page.button("login", label: "Log in", look: .primary)]),
            ]
        case .noActivity:
            return list.body(page) + [
                .element("p", ["class": "next"], [.element("a", ["href": WebPath.of(.events)], [.text("See the upcoming events")])])
            ]
        case nil:
            return list.body(page)
        }
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
