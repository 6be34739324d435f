import AgoraArchitecture

/// One event in the REPL.
@MainActor
final class EventDetailScreen: Screen {
    private let viewModel: any EventDetailViewModelType
    private let console: any Console
    private var observations: [Observation] = []
    private var printed: EventDetailItem?

    init(viewModel: any EventDetailViewModelType, console: any Console) {
        self.viewModel = viewModel
        self.console = console
    }

    var work: WorkTracker { viewModel.work }

    let commands = [
        ScreenCommand("refresh", summary: "Load the event again."),
        ScreenCommand("comments", summary: "Read the event's comments."),
    ]

    func appear() {
        let outputs = viewModel.outputs
        observations = [
            outputs.event.observe { [weak self] event in self?.show(event) },
            outputs.showError.observe { [weak self] message in self?.console.error(message) },
        ]
        viewModel.inputs.viewDidLoad()
    }

    func reappear() {
        printed = nil
        show(viewModel.outputs.event.value)
    }

    func perform(_ command: String, arguments: [String]) throws(CommandError) {
        switch command {
        case "refresh": viewModel.inputs.refresh()
        case "comments": viewModel.inputs.commentsTapped()
        default: throw CommandError("the event screen has no command '\(command)'")
        }
    }

    private func show(_ event: EventDetailItem?) {
        guard let event, event != printed else { return }
        printed = event
        console.print(event.title)
        console.print(lines: [
            "  When      \(event.when)",
            "  Where     \(event.venue)",
            "  Going     \(event.attendeeCount)",
            "  Comments  \(event.commentCount) (type `comments` to read them)",
            "",
            "  \(event.summary)",
        ])
    }
}
