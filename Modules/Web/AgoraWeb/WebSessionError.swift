/// Why a session could not be made, in one line.
enum WebSessionError: Error, CustomStringConvertible {
    case appStart(String)

    var description: String {
        switch self {
        case .appStart(let reason): reason
        }
    }
}
