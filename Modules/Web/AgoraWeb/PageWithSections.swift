import AgoraArchitecture
import AgoraWebUI

/// A feature's page with the sections other features show on it (an event's page with its
/// latest comments): the page's own body, then each section's; the page's actions, title and
/// inputs; the changes of all. The app makes one when a feature has a section for the page's
/// route, so neither feature knows the other.
@MainActor
final class PageWithSections: WebScreen {
    let page: any WebScreen
    let sections: [any WebSection]

    init(_ page: any WebScreen, sections: [any WebSection]) {
        self.page = page
        self.sections = sections
    }

    /// The page's work; the sections' is waited for apart (``busySection``), as a page has one
    /// tracker.
    var work: WorkTracker { page.work }

    /// The work of the first section that has some running; `nil` when none has.
    var busySection: WorkTracker? { sections.lazy.map(\.work).first { !$0.isIdle } }

    var title: String { page.title }
    var tracedInputs: (any InputTracing)? { page.tracedInputs }
    var defaultAction: String? { page.defaultAction }
    var anchor: String? { page.anchor }

    func appear() {
        page.appear()
        for section in sections { section.appear() }
    }

    func reappear() {
        page.reappear()
    }

    func body(_ context: WebPageContext) -> [HTML] {
        page.body(context) + sections.flatMap { $0.body(context) }
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        try page.perform(action)
    }

    func loginReason(for action: WebAction) -> String? {
        page.loginReason(for: action)
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        page.observeChanges(changed) + sections.flatMap { $0.observeChanges(changed) }
    }
}
