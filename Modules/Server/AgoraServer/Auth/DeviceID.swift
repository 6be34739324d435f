import AgoraModels

/// The `Agora-Device` header of a login: the identifier the server issued to an installation at
/// an earlier login (``issue()``), which the client keeps and sends with every login, so the
/// server can recognise a device that has logged in to an account before. Only identifiers the
/// server issued for the account are known: one a client or a planted cookie chose is never
/// registered.
///
/// Its grammar is AgoraModels' `DeviceIdentifier`, which the clients check too. A value of any
/// other shape is ignored, as if the header were absent, rather than refused: the header only
/// ever relaxes a limit, so ignoring it grants nothing, while a 400 would keep a client with a
/// broken identifier from logging in at all.
///
/// The database keeps only its SHA-256 (``TokenDigest``), so a copy of the database names no
/// identifier a client could send.
struct DeviceID: Sendable, Hashable {
    /// The identifier, as the client sends it and the server issued it.
    let value: String
    /// The SHA-256 of the identifier, in lowercase hex: what the database keeps.
    let digest: String

    /// The identifier in `header`; `nil` when there is no header or it does not match the
    /// grammar.
    init?(header: String?) {
        guard let header, DeviceIdentifier.isWellFormed(header) else { return nil }
        value = header
        digest = TokenDigest.of(header)
    }

    /// A new identifier: 32 random bytes in URL-safe base64 (43 characters).
    static func issue() -> DeviceID {
        let value = RandomToken.make()
        return DeviceID(value: value, digest: TokenDigest.of(value))
    }

    private init(value: String, digest: String) {
        self.value = value
        self.digest = digest
    }
}
