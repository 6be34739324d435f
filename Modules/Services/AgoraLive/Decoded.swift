import AgoraAPI

/// Reads a response body's documented content, failing with ``ServiceError/undecodable(_:)``
/// when the server sent another content type.
func decoded<Body>(_ read: () throws -> Body) throws(ServiceError) -> Body {
    do {
        return try read()
    } catch {
        throw .undecodable("a response body that is not JSON")
    }
}
