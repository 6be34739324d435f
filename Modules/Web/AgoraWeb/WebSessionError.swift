/// Why a session could not be made, in one line.
enum WebSessionError: Error, CustomStringConvertible {
    /// The composition could not start.
    case appStart(String)
    /// Every session that could make room is a logged-in member's.
    case full

    var description: String {
        switch self {
        case .appStart(let reason): reason
        case .full: "agora-web is serving as many members as it can hold; try again in a few minutes."
        }
    }

    /// The HTTP status that says it: 503 (come back later) when full, else 500.
    var status: Int {
        switch self {
        case .appStart: 500
        case .full: 503
        }
    }
}
