import AgoraArchitecture
import AgoraMocks
import AgoraModels

extension Session {
    /// A session for a demo member, with a token ``MockBackend`` accepts (Alice unless told).
    public static func demo(_ user: User = MockData.test.users[0]) -> Session {
        Session(token: AccessToken("oss.\(user.id).test"), user: user)
    }
}

extension SessionStore {
    /// A store kept in memory: logged out, or logged in with `session`.
    public static func test(_ session: Session? = nil) -> SessionStore {
        SessionStore(persistence: InMemorySessionPersistence(session))
    }
}
