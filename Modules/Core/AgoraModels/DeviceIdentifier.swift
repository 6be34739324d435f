/// The shape of a device id agora-server issues at a login: 22 to 128 of `A-Z`, `a-z`, `0-9`,
/// `_` and `-` (URL-safe base64 without padding: 22 characters hold 128 random bits).
///
/// The server reads an id of this shape only, and a client keeps (the REPL's device file,
/// agora-web's device cookie) and sends one of this shape only: whatever else a file or a
/// cookie holds is ignored, as if there were none.
public enum DeviceIdentifier {
    /// Whether `text` has the shape of an id the server issues.
    public static func isWellFormed(_ text: String) -> Bool {
        (22...128).contains(text.utf8.count) && text.utf8.allSatisfy(mayAppear)
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
