#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that hold secrets — a session token, the cache of what a user read and wrote, the
/// command history, the server's password hashes — created readable by their owner only from the
/// first system call, never through a symbolic link.
///
/// Foundation's `FileManager.createFile(atPath:contents:attributes:)` writes with the umask's mode
/// and sets the attributes afterwards, and `createDirectory(…attributes:)` leaves an existing
/// folder as it is: another local user watching the folder could open the file in between. Here
/// a file is born 0600 by `open(2)` with `O_CREAT | O_EXCL | O_NOFOLLOW`, a folder 0700 by
/// `mkdir(2)`, and a folder found looser is tightened.
public enum PrivateFile {
    /// Makes `directory` (a path) and its missing parents, each 0700, and tightens `directory`
    /// itself to 0700 when it exists with more. A symbolic link to a folder is followed: people
    /// link their data folders.
    public static func prepareDirectory(_ directory: String) throws(PrivateFileError) {
        var missing: [String] = []
        var path = directory
        while !path.isEmpty, path != "/", !exists(path) {
            missing.append(path)
            path = parent(of: path)
        }
        for folder in missing.reversed() where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw PrivateFileError(path: folder, code: errno)
        }
        var status = stat()
        guard stat(directory, &status) == 0 else { throw PrivateFileError(path: directory, code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw PrivateFileError(path: directory, code: ENOTDIR) }
        if status.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
            throw PrivateFileError(path: directory, code: errno)
        }
    }

    /// Makes sure `path` is a regular file readable by its owner only, creating it empty (0600)
    /// when it is missing and tightening it when it is looser — for a file another library then
    /// opens by path (SQLite, libedit). A symbolic link at `path` is refused.
    ///
    /// - Parameter makingFolders: make the folder (and its parents) owner-only first; a server
    ///   given a path in a folder that does not exist refuses it instead.
    public static func prepareFile(_ path: String, makingFolders: Bool = true) throws(PrivateFileError) {
        if makingFolders { try prepareDirectory(parent(of: path)) }
        let descriptor = open(path, O_RDONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, code: errno) }
        defer { close(descriptor) }
        try restrict(descriptor, path: path)
    }

    /// Replaces `path` with `bytes` atomically: a new file created 0600 beside it, written,
    /// flushed to disk and renamed over it, so a reader sees the old contents or the new ones,
    /// and a symbolic link at `path` is replaced, never written through.
    public static func write(_ bytes: [UInt8], to path: String) throws(PrivateFileError) {
        try prepareDirectory(parent(of: path))
        let temporary = "\(parent(of: path))/.\(name(of: path)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: temporary, code: errno) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                #if canImport(Darwin)
                Darwin.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #else
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                #endif
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { try fail(descriptor, temporary, code: errno) }
            written += count
        }
        guard fsync(descriptor) == 0 else { try fail(descriptor, temporary, code: errno) }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw PrivateFileError(path: path, code: code)
        }
    }

    /// Tightens an open file to 0600 when it is looser; refuses anything but a regular file.
    private static func restrict(_ descriptor: Int32, path: String) throws(PrivateFileError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw PrivateFileError(path: path, code: errno) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw PrivateFileError(path: path, code: EINVAL) }
        if status.st_mode & 0o077 != 0, fchmod(descriptor, 0o600) != 0 { throw PrivateFileError(path: path, code: errno) }
    }

    private static func fail(_ descriptor: Int32, _ temporary: String, code: Int32) throws(PrivateFileError) -> Never {
        close(descriptor)
        unlink(temporary)
        throw PrivateFileError(path: temporary, code: code)
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}

/// A private file or folder that could not be made; one line naming it and why.
public struct PrivateFileError: Error, Equatable, CustomStringConvertible {
    /// The file or folder.
    public let path: String
    /// The `errno` of the failure (`ELOOP`: a symbolic link where a file was expected).
    public let code: Int32

    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    public var description: String {
        if code == ELOOP { return "\(path) is a symbolic link; Agora keeps private files only as regular files: remove the link" }
        if code == EINVAL { return "\(path) is not a regular file; remove it or choose another location" }
        return "\(path): \(String(cString: strerror(code)))"
    }
}
