import AgoraArchitecture
import AgoraWebUI

extension WebSession {
    /// `GET <path>`: the page of the route `path` names, once the work it started has settled.
    ///
    /// The route on top of the stack shows its ViewModel as it is (paging kept, nothing sent). A
    /// route further down is shown again as the page the visitor came back to: it reappears, so
    /// it shows what changed since (a login on the page above, a comment posted), the pages above
    /// it kept for the browser's Back. Another route is opened on the stack, above the pages
    /// whose routes lead to it (`/events/1` above `/events`), the others closed first so the
    /// stack follows where the browser is. The login
    /// opens above whatever is shown, as the flow that asked for it waits below. A page whose
    /// screen closed itself while loading answers 404. A member asking for the login is sent to
    /// their activity feed.
    func get(_ path: String) async -> WebReply {
        guard let route = WebPath.route(path), application.coordinator.plugin(for: route) != nil else {
            return .page(PageLayout.notFound(path: path, session: self), status: 404)
        }
        // A member has nothing to do on the login page: their own page is the activity feed.
        if route == .login, isLoggedIn, presentation(for: route) == nil { return .redirect(to: "/activities") }
        let screen: any WebScreen
        switch open(route) {
        case .success(let opened): screen = opened
        case .failure(let failure):
            return .page(PageLayout.notice(title: "Not available", message: failure.message, path: path, session: self), status: 404)
        }
        await settle()
        // A screen that closed itself while loading (an event that does not exist) is not
        // there: the page shows what it said, as a 404.
        let isShown = presentation(for: route) != nil
        return .page(PageLayout.page(screen, path: path, session: self), status: isShown ? 200 : 404)
    }

    /// `POST <path>` from a page: the action it names sent to the page's ViewModel, then a 303
    /// to where the browser should be — the page a navigation opened (a login asked for, or the
    /// page a finished login uncovered), else the page posted from.
    ///
    /// The path is the page's (the button names the action), the page's and an action
    /// (`/events/more`), or the page's, a 0-based row and an action (`/events/1/comments/0/retry`).
    func post(_ path: String, fields: [String: String]) async -> WebReply {
        guard let target = PostTarget(path: path, fields: fields, handles: { self.application.coordinator.plugin(for: $0) != nil }) else {
            return .page(PageLayout.notFound(path: path, session: self), status: 404)
        }
        let screen: any WebScreen
        switch open(target.route) {
        case .success(let opened): screen = opened
        case .failure(let failure): return .refusal(404, failure.message)
        }
        await settle()
        let pagePath = WebPath.of(target.route)
        let topBefore = application.coordinator.top.map { ObjectIdentifier($0.viewModel) }
        let action = WebAction(name: target.action ?? screen.defaultAction ?? "", item: target.item, fields: fields)
        do {
            try screen.perform(action)
        } catch {
            messages.error(error.description)
        }
        await settle()
        let top = application.coordinator.top
        guard top.map({ ObjectIdentifier($0.viewModel) }) != topBefore else {
            // Back to the page, where the action leaves the reader (the rows `more` added).
            return .redirect(to: pagePath + (screen.anchor.map { "#\($0)" } ?? ""))
        }
        if top?.route == .login { loginReason = screen.loginReason(for: action) }
        return .redirect(to: top.map { WebPath.of($0.route) } ?? "/events")
    }

    /// The page a form posted to `path` belongs to (`/events/1/comments` for
    /// `/events/1/comments/42/delete`), or where its `from` field says it came from; the events
    /// for a path that names no page.
    func page(ofForm path: String, fields: [String: String]) -> String {
        if let from = fields["from"] { return LocalPath.checked(from) }
        let target = PostTarget(path: path, fields: fields, handles: { self.application.coordinator.plugin(for: $0) != nil })
        return target.map { WebPath.of($0.route) } ?? "/events"
    }

    /// `POST /<name>` of a feature's every-page part (`/logout`), then back to `from`.
    func postPart(_ name: String, from: String) async -> WebReply? {
        guard let action = parts.lazy.compactMap({ $0.actions[name] }).first else { return nil }
        if let work = action() { await work.waitUntilIdle() }
        await settle()
        return .redirect(to: LocalPath.checked(from))
    }

    private func open(_ route: Route) -> Result<any WebScreen, OpenFailure> {
        let coordinator = application.coordinator
        let viewModel: any ViewModel
        if let presentation = presentation(for: route) {
            viewModel = presentation.viewModel
            if coordinator.top?.viewModel !== viewModel { screen(of: viewModel)?.reappear() }
        } else {
            if route != .login {
                closeAbove { $0.segments.isPrefix(of: route.segments) }
            }
            do {
                viewModel = try coordinator.present(route)
            } catch {
                return .failure(OpenFailure(error.description))
            }
        }
        guard let screen = screen(of: viewModel) else { return .failure(OpenFailure("No feature shows \(route.url) on the web.")) }
        return .success(screen)
    }

}

/// Why a route could not be opened, in one line.
struct OpenFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}

extension Array where Element: Equatable {
    /// Whether this array begins `other` (an ancestor route's segments begin its descendant's).
    fileprivate func isPrefix(of other: [Element]) -> Bool {
        count <= other.count && zip(self, other).allSatisfy { $0 == $1 }
    }
}
