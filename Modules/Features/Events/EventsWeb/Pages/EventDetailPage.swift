import AgoraArchitecture
import AgoraWebUI
import Events
import EventsViewInputs
import Foundation

/// One event as a page: a date tile beside when (with its time zone), where and who hosts it,
/// then the RSVP as its main action (who is going, the member's answer), what it is about, and
/// a link to its comments.
@MainActor
final class EventDetailPage: WebScreen {
    private let viewModel: any EventDetailViewModelType
    /// The ViewModel's inputs, sent traced.
    let inputs: EventDetailInputs
    private let messages = WebMessages()
    private var observations: [OutputObservation] = []

    init(viewModel: any EventDetailViewModelType) {
        self.viewModel = viewModel
        inputs = EventDetailInputs(viewModel.inputs)
    }

    var work: WorkTracker { viewModel.work }

    var tracedInputs: (any InputTracing)? { inputs }

    var title: String { viewModel.outputs.event.value?.title ?? "Event" }

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.showError.observe { [messages] message in messages.error(message) },
            outputs.showMessage.observe { [messages] message in messages.notice(message) },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        inputs.viewDidReappear()
    }

    func body(_ page: WebPageContext) -> [HTML] {
        var parts = messages.take()
        guard let event = viewModel.outputs.event.value else {
            if viewModel.outputs.isLoading.value { parts.append(.element("p", ["class": "loading", "role": "status"], [.text("Loading the event…")])) }
            return parts + [
                WebPageContext.actions([
                    page.button("refresh", label: "Load again"), .element("a", ["class": "button quiet", "href": "/events"], [.text("All events")]),
                ])
            ]
        }
        var facts: [HTML] = [
            .element("dt", [.text("When")]), .element("dd", Self.when(event)),
            .element("dt", [.text("Where")]), .element("dd", [.text(event.venue)]),
        ]
        if let host = event.hostName {
            facts += [.element("dt", [.text("Host")]), .element("dd", [.text(event.isHost ? "\(host) (you)" : host)])]
        }
        parts.append(
            .element(
                "div", ["class": "event-head"],
                [
                    // The tile repeats the date for the eye; the facts beside it say it in words.
                    .element(
                        "p", ["class": "date-tile", "aria-hidden": "true"],
                        [
                            .element("span", ["class": "month"], [.text(event.startsAt.monthText)]),
                            .element("span", ["class": "day"], [.text(event.startsAt.dayText)]),
                        ]),
                    .element("dl", ["class": "facts"], facts),
                ]))
        parts.append(rsvp(event, page: page))
        parts.append(.element("p", ["class": "summary"], UntrustedText.lines(event.summary).map { HTML.element("span", ["class": "line"], [.text($0)]) }))
        parts.append(
            WebPageContext.actions([
                .element("a", ["class": "button", "href": WebPath.of(.eventComments(eventID: event.id))], [.text("\(event.commentCount) comments")]),
                Self.addToCalendar(event),
                .shareLink("Share", to: WebPath.of(.event(id: event.id)), class: "button quiet"),
                page.button("refresh", label: "Refresh", look: .quiet),
            ]))
        return parts
    }

    /// When, on the venue's clock with its time zone, and on the app's clock as well when that
    /// reads otherwise (an event in Tokyo seen from London).
    private static func when(_ event: EventDetail) -> [HTML] {
        let venue = HTML.time(event.startsAt, text: "\(event.when) \(event.timeZone)")
        guard let other = event.whenForUser else { return [venue] }
        return [venue, .element("span", ["class": "also"], [.text("That is \(other)")])]
    }

    /// A link that saves the event as an iCalendar file, which the member's calendar opens.
    private static func addToCalendar(_ event: EventDetail) -> HTML {
        let file = EventCalendarFile(event: event, madeAt: Date())
        return .link("Add to calendar", saving: SavedFile(name: file.fileName, mediaType: .calendar, text: file.text), class: "button quiet")
    }

    /// The page's main action: who is going, and the button that changes the member's answer;
    /// the host is told they host it, and has no answer to change.
    private func rsvp(_ event: EventDetail, page: WebPageContext) -> HTML {
        let count = HTML.element("span", ["class": "count"], [.text("\(event.attendeeCount) going")])
        if event.isHost {
            return .element(
                "section", ["class": "rsvp", "aria-label": "Your RSVP"],
                [
                    Self.whoIsGoing(
                        event, [.element("p", ["class": "going", "data-state": "host"], [count, .text(" · "), .element("strong", [.text("You're hosting")])])])
                ])
        }
        let going =
            event.isGoing
            ? HTML.element("p", ["class": "going", "data-state": "you"], [count, .text(" · "), .element("strong", [.text("You're going")])])
            : HTML.element("p", ["class": "going"], [count])
        let button = WebPageContext.button(
            "rsvp", label: event.isGoing ? "Not going any more" : "I'm going", disabled: viewModel.outputs.isSendingRSVP.value,
            look: event.isGoing ? .plain : .primary)
        return .element(
            "section", ["class": "rsvp", "aria-label": "Your RSVP"],
            [
                Self.whoIsGoing(event, [going]),
                page.form(
                    posting: "\(page.path)/rsvp", [.element("input", ["type": "hidden", "name": "going", "value": event.isGoing ? "no" : "yes"]), button]),
            ])
    }

    /// The count and the member's answer (`answer`), beside the faces of the latest few who
    /// go and their names: the names say who the faces are, so the faces are hidden from a
    /// screen reader.
    private static func whoIsGoing(_ event: EventDetail, _ answer: [HTML]) -> HTML {
        guard let names = event.whoIsGoing else { return .element("div", ["class": "who"], answer) }
        let faces = event.attendees.map { HTML.element("li", ["class": "avatar", "title": $0.name], [.text($0.initials)]) }
        return .element(
            "div", ["class": "who"],
            [
                .element("ul", ["class": "faces", "aria-hidden": "true"], faces),
                .element("div", answer + [.element("p", ["class": "names"], [.text(names)])]),
            ])
    }

    func perform(_ action: WebAction) throws(WebActionError) {
        switch action.name {
        case "refresh":
            inputs.refresh()
        case "rsvp":
            switch action.fields["going"]?.lowercased() ?? "yes" {
            case "yes": inputs.rsvpTapped(going: true)
            case "no": inputs.rsvpTapped(going: false)
            case let other: throw WebActionError("`rsvp` takes going=yes or going=no, got '\(other.prefix(40))'.")
            }
        case "comments":
            inputs.commentsTapped()
        default:
            throw .unknown(action, on: "The event page", known: ["rsvp", "refresh", "comments"])
        }
    }

    func loginReason(for action: WebAction) -> String? {
        guard action.name == "rsvp" else { return nil }
        let event = viewModel.outputs.event.value.map { " to \($0.title)" } ?? ""
        return action.fields["going"]?.lowercased() == "no" ? "Log in to change your RSVP." : "Log in to say you're going\(event)."
    }

    func observeChanges(_ changed: @escaping @MainActor () -> Void) -> [OutputObservation] {
        let outputs = viewModel.outputs
        return [
            outputs.event.observe { _ in changed() },
            outputs.isSendingRSVP.observe { _ in changed() },
        ]
    }
}
