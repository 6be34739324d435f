// Made by Scripts/generate-inputs from `LatestCommentsViewModelInputs` in the Comments library:
// declare an input there and run it again; this file is not edited by hand.

import AgoraArchitecture
import Comments

/// The inputs of `LatestCommentsViewModel` as every view sends them: each is traced (an explorer
/// shows it), then passed on to the ViewModel. An explorer lists and sends them by name
/// through ``inputCatalog``.
@MainActor
public final class LatestCommentsInputs: TracedInputs<any LatestCommentsViewModelInputs>, LatestCommentsViewModelInputs, InputDeclaring {
    public func viewDidLoad() { send { $0.viewDidLoad() } }

    public static var inputCatalog: [InputDescriptor<LatestCommentsInputs>] {
        [
            .input("viewDidLoad") { $0.viewDidLoad() },
        ]
    }
}
