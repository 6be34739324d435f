import AgoraAPI

/// Live mode's words for a server that cannot be reached: which server, and how to start one or
/// point agora at another. The service's own sentence cannot say so: it knows no address, and
/// starting a server is this program's business, not a screen's.
public enum UnreachableServer {
    /// `message` with ``ServiceError/offline``'s sentence replaced by one naming `server` and
    /// what to do; any other message as it is.
    public static func explained(_ message: String, server: String) -> String {
        message.replacingOccurrences(
            of: ServiceError.offline.description,
            with: "The server at \(server) cannot be reached: start it with `Scripts/agora-server --seed demo`, or set AGORA_SERVER_URL to where it runs."
        )
    }
}
