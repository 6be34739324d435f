import AgoraArchitecture
import AgoraTerminalUI
import Events
import EventsViewInputs
import Foundation

/// One event in the REPL.
@MainActor
final class EventDetailScreen: Screen {
    private let viewModel: any EventDetailViewModelType
    /// The ViewModel's inputs, sent traced.
    private let inputs: EventDetailInputs
    private let console: any Console
    private var observations: [OutputObservation] = []
    private var printed: EventDetail?

    init(viewModel: any EventDetailViewModelType, console: any Console) {
        self.viewModel = viewModel
        inputs = EventDetailInputs(viewModel.inputs)
        self.console = console
    }

    var work: WorkTracker { viewModel.work }

    var commands: [ScreenCommand] { Self.commands }

    var inputSenders: [String: String] { Self.inputSenders }

    private static let inputSenders = InputSenders.screen.merging([
        "refresh": "`refresh`", "commentsTapped": "`comments`", "rsvpTapped": "`rsvp yes|no`",
    ]) { $1 }

    /// This screen's commands, also read by the plugin for `help` on other screens.
    static let commands = [
        ScreenCommand("refresh", summary: "Load the event again."),
        ScreenCommand("comments", summary: "Read the event's comments."),
        ScreenCommand(
            "rsvp", arguments: "[yes|no]", example: "rsvp no", summary: "Say you are going (`rsvp no`: no longer going); asks you to log in first.",
            arity: 0...1),
        ScreenCommand(
            "calendar", arguments: "[FILE]", example: "calendar ~/swift-on-the-server.ics",
            summary: "Save the event as a calendar file (.ics) to open in your calendar: FILE, else one named for it here.", arity: 0...1),
    ]

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.event.observe { [weak self] event in self?.show(event) },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
            outputs.showMessage.observe { [weak self] message in self?.console.print(message) },
            // Back on this screen, the event is drawn once, when what changes it has answered.
            outputs.isLoading.observe { [weak self] _ in self?.showIfUndrawnAndSettled() },
            outputs.isSendingRSVP.observe { [weak self] _ in self?.showIfUndrawnAndSettled() },
        ]
        inputs.viewDidLoad()
    }

    func reappear() {
        printed = nil
        // Coming back reloads the event (a comment posted meanwhile changes its count), and an
        // RSVP sent from the login it waited for answers with it: the event is drawn once, as it
        // is now, rather than the stale one now and the new one after.
        inputs.viewDidReappear()
        showIfUndrawnAndSettled()
    }

    /// Draws the event if this appearance has not drawn it yet and nothing that changes it is
    /// running: a reload or an RSVP that answers with the same event (or fails) draws it here.
    private func showIfUndrawnAndSettled() {
        let outputs = viewModel.outputs
        guard printed == nil, !outputs.isLoading.value, !outputs.isSendingRSVP.value else { return }
        show(outputs.event.value)
    }

    func completions(forArgumentOf command: String) -> [String] {
        command == "rsvp" ? ["yes", "no"] : []
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        switch command {
        case "refresh": inputs.refresh()
        case "comments": inputs.commentsTapped()
        case "rsvp":
            switch arguments.first?.lowercased() ?? "yes" {
            case "yes", "y": inputs.rsvpTapped(going: true)
            case "no", "n": inputs.rsvpTapped(going: false)
            case let other: throw CommandError("`rsvp` takes 'yes' or 'no', got '\(other.prefix(40))'.")
            }
        case "calendar": try saveCalendarFile(to: arguments.first)
        default: throw CommandError("The event screen has no command '\(command)'.")
        }
    }

    /// Saves the event as an iCalendar file at `path` (as typed), else under its own name in
    /// the current folder, and says where.
    private func saveCalendarFile(to path: String?) throws(CommandError) {
        guard let event = viewModel.outputs.event.value else {
            throw CommandError("The event has not loaded: `refresh` loads it, then `calendar` saves it.")
        }
        let file = EventCalendarFile(event: event, madeAt: Date())
        let target = SavedFilePath(path ?? file.fileName, suggestedName: file.fileName)
        let replaced = try target.write(file.text)
        console.print("Saved \(event.title) to \(target.typed)\(replaced ? ", replacing the file there" : ""): open it with your calendar to add the event.")
    }

    private func show(_ event: EventDetail?) {
        guard let event, event != printed else { return }
        printed = event
        if console.showRecord(Self.record(event)) { return }
        console.print(event.title)
        console.print(lines: [
            "  When      \(event.when)\(event.whenForUser.map { " \(event.timeZone) (\($0) here)" } ?? "")",
            "  Where     \(event.venue)",
        ])
        if let host = event.hostName { console.print("  Host      \(host)\(event.isHost ? " (you)" : "")") }
        console.print(lines: [
            "  Going     \(event.attendeeCount)\(event.isHost ? " (you're hosting)" : event.isGoing ? " (you're going)" : "")\(event.whoIsGoing.map { ": \($0)" } ?? "")",
            "  Comments  \(event.commentCount) (type `comments` to read them)",
            "",
            "  \(event.summary)",
        ])
    }

    /// The event for a program: each line of the screen a typed field.
    private static func record(_ event: EventDetail) -> TableRecord {
        TableRecord(
            title: event.title,
            fields: [
                .init("id", .number(event.id)), .init("startsAt", .date(event.startsAt)), .init("endsAt", .date(event.endsAt)),
                .init("venue", .text(event.venue)), .init("host", event.hostName.map { .text($0) } ?? .absent),
                .init("attendeeCount", .number(event.attendeeCount)),
                .init("attendees", .list(event.attendees.map { .fields([.init("id", .number($0.id)), .init("name", .text($0.name))]) })),
                .init("isGoing", .flag(event.isGoing)), .init("isHost", .flag(event.isHost)), .init("commentCount", .number(event.commentCount)),
                .init("summary", .text(event.summary)),
            ])
    }
}
