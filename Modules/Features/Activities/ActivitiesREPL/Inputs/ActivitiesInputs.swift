import Activities
import AgoraArchitecture

/// The inputs of the activity feed as the REPL sends them: its view calls these, `send` calls them
/// by name through the table, and each is traced before it reaches the ViewModel.
/// `Scripts/check-architecture` compares the table with `ActivitiesViewModelInputs`.
@MainActor
final class ActivitiesInputs: TracedInputs<any ActivitiesViewModelInputs>, ActivitiesViewModelInputs, InputDeclaring {
    func viewDidLoad() { send { $0.viewDidLoad() } }
    func viewDidReappear() { send { $0.viewDidReappear() } }
    func refresh() { send { $0.refresh() } }
    func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    func rowTapped(_ row: Int) { send(row) { $0.rowTapped(row) } }
    func loginTapped() { send { $0.loginTapped() } }

    static var inputCatalog: [InputDescriptor<ActivitiesInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() }.sent(by: "the screen appearing"),
            .input("refresh") { $0.refresh() }.sent(by: "`refresh`"),
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) }.sent(by: "`more`"),
            .input("viewDidReappear") { $0.viewDidReappear() }.sent(by: "`back` to this screen"),
            .input("rowTapped", "row") { $0.rowTapped($1) }.sent(by: "`open <n>`, row n - 1"),
            .input("loginTapped") { $0.loginTapped() }.sent(by: "`login`"),
        ]
    }
}
