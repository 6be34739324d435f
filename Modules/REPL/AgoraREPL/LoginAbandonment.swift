/// When the REPL gives up on a login the features wait for (see `LoginWaits`), and the one-line
/// error that says what was left undone and, for a script, what to do instead.
enum LoginAbandonment {
    /// A script's command ended at the login prompt: no line of a script answers a prompt.
    case scriptCannotAnswer
    /// The input ended with the login prompt unanswered.
    case inputEnded
    /// The user quit with the login prompt unanswered.
    case quit

    /// - Parameters:
    ///   - undone: what each held action left undone ("the comment was not posted").
    ///   - scriptedLogin: how a script logs in (`login`, `email <address>`, …), when a feature says.
    func message(undone: [String], scriptedLogin: String?) -> String {
        let what = undone.joined(separator: " and ")
        switch self {
        case .scriptCannotAnswer:
            let how = scriptedLogin.map { " (\($0))" } ?? ""
            return "Not logged in, so \(what): a script cannot answer the login prompt; log in earlier in the script\(how)."
        case .inputEnded:
            return "The input ended at the login prompt, so \(what)."
        case .quit:
            return "Quit at the login prompt, so \(what)."
        }
    }
}
