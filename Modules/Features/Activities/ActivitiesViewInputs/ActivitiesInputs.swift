import Activities
import AgoraArchitecture

/// The inputs of the activity feed as both views send them: each view calls these, and each is traced
/// before it reaches the ViewModel (the explorer shows it). The REPL's `send` calls them by name
/// through the table; what sends each in the REPL, its screen says.
/// `Scripts/check-architecture` compares the table with `ActivitiesViewModelInputs`.
@MainActor
public final class ActivitiesInputs: TracedInputs<any ActivitiesViewModelInputs>, ActivitiesViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }
    public func viewDidReappear() { send { $0.viewDidReappear() } }
    public func refresh() { send { $0.refresh() } }
    public func willDisplayRow(_ row: Int, outOf total: Int) { send(row, total) { $0.willDisplayRow(row, outOf: total) } }
    public func rowTapped(_ id: ActivityRow.ID) { send(id) { $0.rowTapped(id) } }
    public func loginTapped() { send { $0.loginTapped() } }

    public static var inputCatalog: [InputDescriptor<ActivitiesInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
            .input("refresh") { $0.refresh() },
            .input("willDisplayRow", "row", "outOf") { $0.willDisplayRow($1, outOf: $2) },
            .input("viewDidReappear") { $0.viewDidReappear() },
            .input("rowTapped", "id") { $0.rowTapped($1) },
            .input("loginTapped") { $0.loginTapped() },
        ]
    }
}
