// Agora's secrets, the committed example. It builds as-is on a fresh clone: `isOSS` is true, so
// the app runs on MockService with no network and no keys.
//
// To run against a real server, create `Secrets.swift` next to this file (it is git-ignored) with
// the members you want to change, for example:
//
//     extension Secrets {
//         public static var isOSS: Bool { false }
//         public static var apiBaseURL: String { "http://127.0.0.1:8080" }
//         public static var apiClientID: String { "my-client" }
//         public static var apiClientSecret: String { "…" }
//     }
//
// How the switch works: the defaults below live in a protocol extension; members declared on
// `Secrets` itself in `Secrets.swift` are more specific, so they win at compile time. Removing the
// file brings the defaults back on the next build. `agora --oss` / `--live` and `AGORA_MODE`
// override `isOSS` at run time without any edit.

/// The values `Secrets` provides; defaults are the open-source (mock) configuration.
public protocol SecretValues {}

extension SecretValues {
    /// Whether the app runs on mock services (no network, deterministic data).
    public static var isOSS: Bool { true }
    /// Base URL of the Agora API for live mode.
    public static var apiBaseURL: String { "http://127.0.0.1:8080" }
    /// Client credentials sent to the API in live mode. Never printed: redacted in any output.
    public static var apiClientID: String { "agora-oss" }
    public static var apiClientSecret: String { "" }
}

/// The app's secrets. Read them as `Secrets.isOSS`, `Secrets.apiBaseURL`, ….
public enum Secrets: SecretValues {}
