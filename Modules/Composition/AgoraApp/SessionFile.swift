import AgoraArchitecture
import AgoraModels
import AgoraPrivateFiles
import Foundation

/// The saved session: a JSON file in the user's data directory that only the user can read
/// (mode 0600, in a 0700 directory), written atomically so a crash never leaves half a file.
public struct SessionFile: SessionPersisting {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The session file for a mode (and live mode's server) in `paths` (see
    /// ``AgoraPaths/sessionFile(for:server:)``).
    public init(paths: AgoraPaths, mode: AppMode, server: URL?) {
        url = paths.sessionFile(for: mode, server: server)
    }

    public func load() throws(SessionFileError) -> Session? {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw .unreadable(url.path, reason: Self.reason(error))
        }
        do {
            return try JSONDecoder().decode(Session.self, from: data)
        } catch {
            throw .corrupt(url.path)
        }
    }

    public func save(_ session: Session) throws(SessionFileError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(session)
        } catch {
            throw .unwritable(url.path, reason: Self.reason(error))
        }
        do {
            // Born 0600 in a 0700 folder, then renamed over the old file: a reader sees the old
            // session or the new one, and nobody else ever sees either.
            try PrivateFile.write(Array(data), to: url.path)
        } catch {
            throw .unwritable(url.path, reason: error.description)
        }
    }

    public func remove() throws(SessionFileError) {
        do {
            try FileManager.default.removeItem(at: url)
        } catch let error as CocoaError where error.code == .fileNoSuchFile {
            return
        } catch {
            throw .unwritable(url.path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let underlying = (error as? CocoaError)?.underlying as? POSIXError { return String(cString: strerror(underlying.code.rawValue)) }
        return error.localizedDescription
    }
}

/// Why the session file could not be used; one line, naming the file.
public enum SessionFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(String, reason: String)
    case corrupt(String)
    case unwritable(String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path) cannot be read: \(reason)"
        case .corrupt(let path): "\(path) is not a session file Agora wrote; log in to replace it"
        case .unwritable(let path, let reason): "\(path) cannot be written: \(reason)"
        }
    }
}
