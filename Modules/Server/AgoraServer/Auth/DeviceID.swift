/// The `Agora-Device` header of a login: an opaque identifier a client chose for its
/// installation and sends with every login, so the server can recognise a device that has
/// logged in to an account before.
///
/// Its grammar is 22 to 128 characters of `A-Z`, `a-z`, `0-9`, `_` and `-` (URL-safe base64
/// without padding: 22 characters hold 128 random bits). A value of any other shape is ignored,
/// as if the header were absent, rather than refused: the header only ever relaxes a limit, so
/// ignoring it grants nothing, while a 400 would keep a client with a broken identifier from
/// logging in at all.
///
/// The database keeps only its SHA-256 (``TokenDigest``), so a copy of the database names no
/// identifier a client could send.
struct DeviceID: Sendable, Hashable {
    /// The SHA-256 of the identifier, in lowercase hex: what the database keeps.
    let digest: String

    /// The identifier in `header`; `nil` when there is no header or it does not match the
    /// grammar.
    init?(header: String?) {
        guard let header, (22...128).contains(header.utf8.count), header.utf8.allSatisfy(Self.mayAppear) else { return nil }
        digest = TokenDigest.of(header)
    }

    private static func mayAppear(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}
