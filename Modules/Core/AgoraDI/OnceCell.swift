import Synchronization

/// Holds a `.container`-scoped instance and guarantees its factory completes at most once.
final class OnceCell<Value: Sendable>: Sendable {
    /// The boxed instance once it exists, retained once by this cell (released in `deinit`).
    ///
    /// Read without a lock: after the first resolve, fetching a singleton is one atomic load.
    /// An `Atomic` of a non-generic reference rather than an `AtomicLazyReference<Box>`: on the
    /// resolve path `Value` is known only at run time, and the generic load would look up type
    /// metadata on every fetch, which costs more than the rest of it.
    private let published = Atomic<Unmanaged<AnyBox>?>(nil)

    /// Serialises first resolves, so exactly one of them runs the factory.
    private let creation = Mutex(())

    private final class Box: AnyBox, @unchecked Sendable {
        // @unchecked only restates `AnyBox`'s conformance, as Swift requires: `value` is a
        // `let` of a `Sendable` type, so a `Box` is safe to share.
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    deinit {
        published.load(ordering: .acquiring)?.release()
    }

    /// Returns the cached instance, creating it with `create` on first use.
    ///
    /// This is the one place AgoraDI holds a lock while a factory runs. It has to: concurrent
    /// first resolvers must wait for the instance being built instead of building their own.
    ///
    /// It cannot self-deadlock. A resolution reaches this cell for key K only after
    /// `Container.resolve(_:name:path:)` checked that K is not already on its path, so the
    /// resolution holding this lock can never ask for it again: that request would be a cycle,
    /// and it is thrown before any lock is taken. Nested resolves inside `create` only take the
    /// cells of other keys, in dependency order. Two tasks could wait on each other only if the
    /// graph itself had a cycle through container-scoped registrations, which a single-threaded
    /// resolve and ``Container/validate()`` both report as `.cycle`.
    ///
    /// If `create` throws, nothing is cached, so the next resolve tries again.
    func value(orCreate create: () throws(ResolutionError) -> Value) throws(ResolutionError) -> Value {
        if let box = published.load(ordering: .acquiring) {
            return Self.unbox(box)
        }
        return try creation.withLock { _ throws(ResolutionError) -> Value in
            // Another resolver may have finished while this one waited for the lock.
            if let box = published.load(ordering: .acquiring) {
                return Self.unbox(box)
            }
            let created = try create()
            // Only this lock's holder stores, so a plain store publishes; `.releasing` makes
            // the box's contents visible to every thread that then loads it.
            published.store(.passRetained(Box(created)), ordering: .releasing)
            return created
        }
    }

    /// The value in a box that `published` holds.
    ///
    /// `published` is private and only ever holds a `Box`, retained until this cell goes
    /// away, so the downcast cannot fail and the box outlives the read; debug builds check
    /// the downcast. For the same reason the box is read as a guaranteed reference, without
    /// the retain and release of a `takeUnretainedValue()`: only the value handed out is retained.
    private static func unbox(_ box: Unmanaged<AnyBox>) -> Value {
        box._withUnsafeGuaranteedRef { unsafeDowncast($0, to: Box.self).value }
    }
}

/// A ``OnceCell``'s box, seen through a type that is not generic.
///
/// `@unchecked` because Swift accepts only final classes as checked `Sendable`: this one has no
/// stored properties, and its one subclass, `OnceCell.Box`, is final and holds a single `let`
/// of a `Sendable` type, so sharing it across threads is safe.
class AnyBox: @unchecked Sendable {}
