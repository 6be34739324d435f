/// Why a session could not be served, in one line.
enum WebSessionError: Error, CustomStringConvertible {
    /// The composition could not start.
    case appStart(String)
    /// The store of sessions shared with other agora-web processes could not be read or written.
    case store(String)

    var description: String {
        switch self {
        case .appStart(let reason): reason
        case .store(let reason): "agora-web could not reach the sessions it shares with its other processes (\(reason)); try again in a moment."
        }
    }

    /// The HTTP status that says it: 500 for the app's own failure, 503 (try again) for the store.
    var status: Int {
        switch self {
        case .appStart: 500
        case .store: 503
        }
    }
}

extension WebSessionError {
    /// Runs `work` on the store of sessions, its error said in one line.
    static func storing<T>(_ work: () async throws -> T) async throws(WebSessionError) -> T {
        do {
            return try await work()
        } catch {
            throw .store("\(error)")
        }
    }
}
