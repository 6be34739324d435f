import CEditLine
import Dispatch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns Ctrl-C (SIGINT) into a call of a Swift closure instead of ending the process.
///
/// The C handler only writes a byte to a pipe (all a signal handler may safely do); a dispatch
/// source reading that pipe calls `handler` on its own queue. At most one may be installed; the
/// previous disposition comes back with ``uninstall()``.
public final class InterruptSignal {
    private let source: any DispatchSourceRead

    /// Installs the handler, or returns `nil` when the signal cannot be caught.
    public init?(_ handler: @escaping @Sendable () -> Void) {
        let descriptor = ceditline_sigint_install()
        guard descriptor >= 0 else { return nil }
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: "LineEditing.InterruptSignal"))
        source.setEventHandler {
            var buffer = [UInt8](repeating: 0, count: 64)
            var received = false
            while read(descriptor, &buffer, buffer.count) > 0 { received = true }
            if received { handler() }
        }
        source.resume()
    }

    /// Stops listening and puts back the previous SIGINT disposition.
    public func uninstall() {
        source.cancel()
        ceditline_sigint_uninstall()
    }
}
