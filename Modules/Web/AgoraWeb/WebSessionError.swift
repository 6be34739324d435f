/// Why a session's composition could not be made, in one line.
enum WebSessionError: Error, CustomStringConvertible {
    /// The composition could not start.
    case appStart(String)

    var description: String {
        switch self {
        case .appStart(let reason): reason
        }
    }

    /// The HTTP status that says it: 500, the app's own failure.
    var status: Int { 500 }
}
