import Foundation
import NIOCore

/// Why the server could not listen, in words that say what to do: SwiftNIO's own description
/// ("bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)") names a system call and
/// carries a stray parenthesis.
enum ListenFailure {
    static func reason(_ error: any Error) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return "the address is already in use, by another agora-server or program: stop it, or pass another --port (0 picks a free one)"
        case EADDRNOTAVAIL:
            return "this machine has no such address: pass a --host it has, e.g. 127.0.0.1"
        case EACCES:
            return "permission denied (ports below 1024 need privileges): pass another --port, e.g. 8080"
        default:
            return "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"
        }
    }
}
