import Foundation

/// Where the cache database lives.
public enum CacheLocation: Hashable, Sendable {
    /// In memory: gone when the process ends (OSS mode and tests).
    case inMemory
    /// A SQLite file, created (with its folder) when missing and readable only by its owner:
    /// cached rows and the comments outbox survive a restart (live mode).
    case file(URL)
}

extension CacheLocation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .inMemory: "in memory"
        case .file(let url): url.path
        }
    }
}
