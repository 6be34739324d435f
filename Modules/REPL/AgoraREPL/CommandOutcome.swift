/// How one command line ended, for the exit status of a script.
public enum CommandOutcome: Equatable, Sendable {
    /// It ran and reported no error.
    case succeeded
    /// It printed an error (bad input, a failed request, a route that cannot open).
    case failed
    /// The user asked to leave.
    case quit
}
