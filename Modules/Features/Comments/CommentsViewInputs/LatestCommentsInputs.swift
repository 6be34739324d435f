import AgoraArchitecture
import Comments

/// The inputs of an event's latest comments as a view sends them: each is traced before it
/// reaches the ViewModel (the explorer shows it). The REPL's `send` calls them by name through
/// the table. `Scripts/check-architecture` compares the table with
/// `LatestCommentsViewModelInputs`.
@MainActor
public final class LatestCommentsInputs: TracedInputs<any LatestCommentsViewModelInputs>, LatestCommentsViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }

    public static var inputCatalog: [InputDescriptor<LatestCommentsInputs>] {
        [.input("viewDidLoad") { $0.viewDidLoad() }]
    }
}
