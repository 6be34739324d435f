import Foundation
import NIOCore

/// Why a server (agora-server, agora-web) could not listen, in words that say what to do:
/// SwiftNIO's own description ("bind(descriptor:ptr:bytes:): Address already in use) (errno:
/// 98)") names a system call and carries a stray parenthesis.
public enum ListenFailure {
    /// The reason `error` gives, as the end of a line about the address that was refused.
    ///
    /// - Parameters:
    ///   - error: what starting to listen threw.
    ///   - program: the program that listens, for the advice about another one on the address.
    public static func reason(_ error: any Error, program: String) -> String {
        guard let error = error as? IOError else { return "\(error)" }
        switch error.errnoCode {
        case EADDRINUSE:
            return "the address is already in use, by another \(program) or program: stop it, or pass another --port (0 picks a free one)"
        case EADDRNOTAVAIL:
            return "this machine has no such address: pass a --host it has, e.g. 127.0.0.1"
        case EACCES:
            return "permission denied (ports below 1024 need privileges): pass another --port, e.g. 8080"
        default:
            return "\(String(cString: strerror(error.errnoCode))) (errno \(error.errnoCode))"
        }
    }
}
