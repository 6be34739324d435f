import Foundation

/// A ViewModel whose user's unfinished work outlives it: a host that lets screens go to save
/// memory keeps ``restorationState`` and hands it to the ViewModel made again for the same route,
/// through ``restore(_:)``, so the user finds the screen where they left it.
///
/// Only what the user did that the server does not hold belongs here: a login's typed email and
/// the two-factor challenge it waits on, not the rows a fetch brings back. Keep it small and free
/// of secrets (never a password): a host may keep thousands and write them anywhere.
@MainActor
public protocol StateRestoring: ViewModel {
    /// What the screen holds that a new ViewModel would not.
    associatedtype RestorationState: Codable & Sendable

    /// What the user left unfinished; `nil` when a new ViewModel would show the same.
    var restorationState: RestorationState? { get }

    /// Takes up where `state` left off. Called once, on a ViewModel just made for the route the
    /// state was kept for, before its user sends it anything.
    func restore(_ state: RestorationState)
}

extension StateRestoring {
    /// ``restorationState`` as JSON, for a host that keeps it without knowing its type.
    public func encodedRestorationState() -> Data? {
        guard let state = restorationState else { return nil }
        return try? JSONEncoder().encode(state)
    }

    /// Restores from what ``encodedRestorationState()`` gave.
    ///
    /// - Throws: `DecodingError` when `data` is not this ViewModel's state (kept by another
    ///   version of the feature); the ViewModel is then left as it was made.
    public func restore(encoded data: Data) throws {
        restore(try JSONDecoder().decode(RestorationState.self, from: data))
    }
}
