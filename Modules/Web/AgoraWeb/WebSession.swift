import AgoraApp
import AgoraArchitecture
import AgoraHosting
import AgoraModels
import AgoraWebUI
import Foundation

/// The composition serving one browser session: its container, application coordinator, session
/// store and cache, the page shown for each ViewModel on its stack, and the explorer's trace.
///
/// It is a cache of its ``record``: what the visitor did that must outlive it (the login, what
/// waits for the server, the pages and what each left unfinished) is kept there as it happens, so
/// ``WebSessions`` may let a composition go whenever memory asks and make it again from the record
/// on the visitor's next request.
///
/// Nothing of a visitor's is shared between two sessions: one visitor's login, drafts and trace
/// are never another's. What they share is the code, the mock backend in OSS mode (one world per
/// process, as a server is) and, in live mode, the pool of connections to agora-server (each
/// request says whose it is).
@MainActor
final class WebSession {
    /// What the session is, apart from this composition.
    let record: WebSessionRecord
    let application: AgoraApplication
    let explorer: ExplorerTrace
    /// What the app's own signals said (a failed navigation, a cache it cannot use).
    let messages = WebMessages()
    /// Each feature's every-page parts (Auth's account line and logout).
    let parts: [FeatureWebParts]
    /// The app's menu: each place that needs no id, with its short name.
    let menu: [MenuLink]
    /// How many requests are being answered with this composition, or wait for their turn
    /// (``requests``): one in use is not let go.
    var requestsInFlight = 0
    /// The session's requests, answered one at a time.
    let requests = RequestQueue()
    /// When a request last used this composition.
    var lastUsed: ContinuousClock.Instant
    private let views: [any FeatureWebViews]
    /// The page of each ViewModel on the stack, made, told when it shows and waited for by the
    /// kit's host, as every view's screens are.
    private let host: ScreenHost<any WebScreen>
    /// Whether pages are being closed to make way for another (``closeAbove(_:)``): a page
    /// uncovered on the way is not told it is back, as nobody sees it.
    private var isClosing = false
    private var observations: [OutputObservation] = []
    /// Each open live stream (`/_live`), by stream number.
    private(set) var liveStreams: [Int: LiveStream] = [:] {
        // A page open in a browser is someone watching: what concerns the member is followed.
        didSet { application.setWatched(!liveStreams.isEmpty) }
    }
    /// Whether ``end()`` was called: the session serves nothing more.
    private(set) var hasEnded = false

    /// Makes the composition of `record`: logged in as it says, its pages opened again in their
    /// order, each given what it left unfinished, the explorer open if it was.
    ///
    /// - Parameters:
    ///   - record: the session.
    ///   - configuration: the mode and the environment; each composition's cache is its own.
    ///   - views: the features' web views.
    ///   - now: when the composition is made (it counts as used).
    init(record: WebSessionRecord, configuration: AppConfiguration, views: [any FeatureWebViews], now: ContinuousClock.Instant) throws(WebSessionError) {
        self.record = record
        lastUsed = now
        self.views = views
        var configuration = configuration
        configuration.sessionPersistence = record.login
        configuration.outboxes = record.outboxes
        configuration.requestOrigin.deviceID = record.deviceID
        let messages = self.messages
        do {
            application = try AgoraApplication(configuration: configuration, plugins: views.map(\.plugin)) { line in messages.error(line) }
        } catch {
            throw .appStart(error.description)
        }
        explorer = ExplorerTrace(application: application)
        let context = FeatureWebContext(resolver: application.container, navigator: application.coordinator)
        var parts: [FeatureWebParts] = []
        for view in views {
            do {
                parts.append(try view.pageParts(context: context))
            } catch {
                throw .appStart("The \(view.plugin.name) feature could not start: \(error).")
            }
        }
        self.parts = parts
        menu = MenuLink.all(destinations: application.coordinator.destinations, views: views)
        host = ScreenHost(coordinator: application.coordinator, hosted: { $0 }) { presentation in
            guard let screen = views.lazy.compactMap({ $0.screen(for: presentation.viewModel) }).first else {
                messages.error("No feature shows \(presentation.route.url) on the web.")
                return nil
            }
            // What other features show on this page (an event's latest comments); one that
            // cannot start leaves the page whole, and says so.
            var sections: [any WebSection] = []
            for view in views {
                do {
                    if let section = try view.section(for: presentation.route, context: context) { sections.append(section) }
                } catch {
                    messages.error("The \(view.plugin.name) part of this page could not be shown: \(error).")
                }
            }
            return sections.isEmpty ? screen : PageWithSections(screen, sections: sections)
        }
        host.reappearsUncovered = { [weak self] _ in self?.isClosing == false }
        observations = [
            host.entries.observe { [weak self] entries in self?.stackChanged(entries) },
            application.coordinator.failures.observe { [messages] failure in messages.error(failure.description) },
        ]
        reopenPages()
        if record.isExplorerOpen { explorer.toggle() }
    }

    /// The page on the stack at `route` (one the browser went back to), else the top one.
    func page(at route: Route?) -> (any WebScreen)? {
        (route.flatMap { route in host.entries.value.last { $0.route == route } } ?? host.top)?.screen
    }

    /// The visitor's address.
    var address: String { record.address }

    /// What the action that opened the login waits for ("Log in to post your comment."), said
    /// on the login page while it is open.
    var loginReason: String? {
        get { record.loginReason }
        set { record.loginReason = newValue }
    }

    /// Keeps in the record the pages on the stack and what each left unfinished, after a
    /// request: a composition made again from it opens them as they are now.
    func keepPages() {
        record.pages = application.coordinator.stack.value.map { presentation in
            WebPageRecord(route: presentation.route, state: (presentation.viewModel as? any StateRestoring)?.encodedRestorationState())
        }
    }

    /// Opens the record's pages again, bottom first, each given its state before anyone sends
    /// it anything; a page that cannot open (its feature is gone) is left out.
    private func reopenPages() {
        for page in record.pages {
            guard let viewModel = try? application.coordinator.present(page.route) else { continue }
            if let state = page.state, let restoring = viewModel as? any StateRestoring {
                do {
                    try restoring.restore(encoded: state)
                } catch {
                    messages.error("The \(page.route.path) page could not be put back as it was left; it shows anew.")
                }
            }
        }
    }

    /// The page showing `viewModel`, if it is on the stack (or was when the request began).
    func screen(of viewModel: any ViewModel) -> (any WebScreen)? {
        host.screen(of: viewModel)
    }

    /// The presentation on the stack for `route`, if any.
    func presentation(for route: Route) -> ApplicationCoordinator.Presentation? {
        application.coordinator.stack.value.last { $0.route == route }
    }

    /// Returns once no page of the session has work running: an action may have opened a page
    /// whose own loading started, or closed one whose answer is still to come.
    func settle() async {
        while true {
            await host.settle()
            let sectionWork = host.entries.value.lazy.compactMap { ($0.screen as? PageWithSections)?.busySection }.first
            guard let sectionWork else { return }
            await sectionWork.waitUntilIdle()
        }
    }

    /// Closes the pages above the last one whose route `keeps`, quietly, then tells the page
    /// left on top that it is back (a login left open is given up, as the REPL's `back` does).
    func closeAbove(where keeps: (Route) -> Bool) {
        let coordinator = application.coordinator
        guard let top = coordinator.top, !keeps(top.route) else { return }
        isClosing = true
        while let top = coordinator.top, !keeps(top.route) {
            coordinator.dismiss()
        }
        isClosing = false
        if let top = coordinator.top { screen(of: top.viewModel)?.reappear() }
    }

    /// Keeps `stream` until it ends (its reader went, the server stops, a newer one replaced it)
    /// or the session does.
    ///
    /// - Parameter number: the stream's place among every session's, in the order they opened.
    func keep(_ stream: LiveStream, number: Int) {
        liveStreams[number] = stream
        stream.onEnd { [weak self] in
            Task { @MainActor in
                self?.liveStreams[number]?.end()
                self?.liveStreams[number] = nil
            }
        }
    }

    /// The number of the session's oldest stream; `nil` without one.
    var oldestStreamNumber: Int? { liveStreams.keys.min() }

    /// Ends the session's oldest stream, telling its page a newer one took its place.
    func endOldestStream() {
        guard let oldest = oldestStreamNumber else { return }
        liveStreams.removeValue(forKey: oldest)?.end(replaced: true)
    }

    /// Whether a member is logged in.
    var isLoggedIn: Bool { application.sessions.session.value != nil }

    /// The session's cookie value.
    var id: String { record.id }

    /// What every form posts back in its `csrf` field.
    var csrfToken: String { record.csrfToken }

    /// Who is logged in, to tell a login or a logout by the request that made it.
    var identity: User.ID? { application.sessions.session.value?.user.id }

    /// Lets go of everything the session holds: its live streams end, its pages stop observing,
    /// its trace stops, and its composition (container, cache, connections to agora-server) is
    /// released with the last reference, which only the session holds.
    func end() {
        guard !hasEnded else { return }
        hasEnded = true
        for stream in liveStreams.values { stream.end() }
        liveStreams = [:]
        for observation in observations { observation.cancel() }
        observations = []
        explorer.end()
        host.stop()
    }

    /// The pages on the stack changed, before the host tells the one on top it shows: the trace
    /// records the hop and follows each new page first, so it sees the inputs its showing sends.
    private func stackChanged(_ entries: [ScreenHost<any WebScreen>.Entry]) {
        explorer.stackChanged(pages: entries.map(\.screen))
        if !entries.contains(where: { $0.route == .login }) { loginReason = nil }
    }
}
