import AgoraContract
import Foundation

/// A session as the store keeps it: whose it is, and until when its token works.
struct StoredSession: Sendable, Equatable {
    let user: Components.Schemas.User
    /// When the token stops working, in seconds since 1970.
    let expiresAt: Int64

    /// The session's user while the token works at `now`: 401 once it has expired.
    func user(at now: Date) throws(APIError) -> Components.Schemas.User {
        guard expiresAt > now.unixSeconds else { throw .tokenExpired }
        return user
    }
}
