import AgoraApp
import AgoraArchitecture
import AgoraHosting
import AgoraModels
import AgoraWebUI
import Foundation

/// One browser session: its own composition (container, application coordinator, session store,
/// cache), the page shown for each ViewModel on its stack, and its token against cross-site posts.
///
/// Nothing of a visitor's is shared between two sessions: one visitor's login, rows, drafts and
/// trace are never another's. What they share is the code and, in live mode, the pool of
/// connections to agora-server (each request says whose it is).
@MainActor
final class WebSession {
    /// The cookie's value: 32 random bytes, hex; a new one at every login and logout
    /// (``reissueTokens()``), so an id planted before a login is dead after it.
    private(set) var id: String
    /// What every form posts back in its `csrf` field; new with the id.
    private(set) var csrfToken: String
    /// The address of the visitor the session was made for (the peer, or what a trusted proxy
    /// forwarded): how many sessions one address holds is bounded.
    let address: String
    /// Whether the visitor has sent anything (a form, a login, the explorer): a session that only
    /// read is the first to make way for a new one.
    var hasActed = false
    let application: AgoraApplication
    let explorer: ExplorerTrace
    /// When a request last used the session; an idle session expires.
    var lastUsed = ContinuousClock.now
    /// What the app's own signals said (a failed navigation, a cache it cannot use).
    let messages = WebMessages()
    /// Each feature's every-page parts (Auth's account line and logout).
    let parts: [FeatureWebParts]
    /// The app's menu: each place that needs no id, with its short name.
    let menu: [MenuLink]
    /// What the action that opened the login waits for ("Log in to post your comment."), said
    /// on the login page while it is open.
    var loginReason: String?
    private let views: [any FeatureWebViews]
    /// The page of each ViewModel on the stack, made, told when it shows and waited for by the
    /// kit's host, as every view's screens are.
    private let host: ScreenHost<any WebScreen>
    /// Whether pages are being closed to make way for another (``closeAbove(_:)``): a page
    /// uncovered on the way is not told it is back, as nobody sees it.
    private var isClosing = false
    private var observations: [OutputObservation] = []
    /// Each open live stream (`/_live`), by stream number.
    private(set) var liveStreams: [Int: LiveStream] = [:]
    /// Whether ``end()`` was called: the session serves nothing more.
    private(set) var hasEnded = false

    /// - Parameters:
    ///   - configuration: the mode and the environment; each session's cache is its own.
    ///   - views: the features' web views.
    ///   - address: the visitor's address.
    init(configuration: AppConfiguration, views: [any FeatureWebViews], address: String) throws(WebSessionError) {
        id = SessionToken.make()
        self.address = address
        csrfToken = SessionToken.make()
        self.views = views
        let messages = self.messages
        do {
            application = try AgoraApplication(configuration: configuration, plugins: views.map(\.plugin)) { line in messages.error(line) }
        } catch {
            throw .appStart(error.description)
        }
        // A browser without a device cookie gets an id now; a login sets it as the cookie.
        if application.configuration.requestOrigin.deviceID == nil {
            application.configuration.requestOrigin.deviceID = SessionToken.make()
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
            return screen
        }
        host.reappearsUncovered = { [weak self] _ in self?.isClosing == false }
        observations = [
            host.entries.observe { [weak self] entries in self?.stackChanged(entries) },
            application.coordinator.failures.observe { [messages] failure in messages.error(failure.description) },
        ]
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
        await host.settle()
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

    /// Who is logged in, to tell a login or a logout by the request that made it.
    var identity: User.ID? { application.sessions.session.value?.user.id }

    /// A new id and form token: the session changed hands (a login, a logout), so the old id
    /// must open nothing.
    func reissueTokens() {
        id = SessionToken.make()
        csrfToken = SessionToken.make()
    }

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
        explorer.stackChanged(viewModels: Set(entries.map { ObjectIdentifier($0.viewModel) }))
        for entry in entries where !explorer.follows(entry.viewModel) {
            explorer.follow(entry.screen, viewModel: entry.viewModel)
        }
        if !entries.contains(where: { $0.route == .login }) { loginReason = nil }
    }
}
