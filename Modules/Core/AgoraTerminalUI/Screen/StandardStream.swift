#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One of the process's standard streams, written with `write(2)`.
///
/// Foundation's `FileHandle.write(_:)` traps when a write fails, so a full disk (`> /dev/full`),
/// a closed descriptor (`>&-`) or a reader that went away (`| head -1`) ended agora with a
/// backtrace. This reports the failure instead, and ``endProcess(after:)`` ends the process the
/// way command-line tools do: one line on the stream that still works, and a status below 128.
public struct StandardStream: Sendable {
    /// The file descriptor: 1 or 2.
    public let descriptor: Int32
    /// Its name in messages ("standard output").
    public let name: String

    public static let output = StandardStream(descriptor: 1, name: "standard output")
    public static let error = StandardStream(descriptor: 2, name: "standard error")

    /// - Parameters:
    ///   - descriptor: an open descriptor this stream writes to; it is never closed here.
    ///   - name: its name in messages ("the terminal").
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
    }

    /// The exit status after a stream failed: `EX_IOERR` of sysexits(3).
    public static let failureExitStatus: Int32 = 74

    /// Writes all of `bytes`, retrying after a signal or a short write; the `errno` of the
    /// failure, or `nil` when everything was written.
    public func write(_ bytes: [UInt8]) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                #if canImport(Glibc) || canImport(Musl)
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
            }
            if written < 0 {
                let code = errno
                if code == EINTR { continue }
                return code
            }
            offset += written
        }
        return nil
    }

    /// Writes `bytes`; when that fails, ends the process (see ``endProcess(after:)``).
    public func writeOrEnd(_ bytes: [UInt8]) {
        if let code = write(bytes) { endProcess(after: code) }
    }

    /// Ends the process after this stream failed with `code`: a reader that went away (`EPIPE`)
    /// quietly, any other failure with one line on the other stream. The status is
    /// ``failureExitStatus`` either way.
    public func endProcess(after code: Int32) -> Never {
        if code != EPIPE {
            let other = descriptor == Self.output.descriptor ? Self.error : Self.output
            _ = other.write(Array("error: Cannot write to \(name): \(Self.describe(code)).\n".utf8))
        }
        exit(Self.failureExitStatus)
    }

    /// The C library's text for `code`, e.g. "No space left on device".
    static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
