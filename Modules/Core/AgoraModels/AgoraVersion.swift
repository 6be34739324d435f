/// Agora's version, in one place: `agora --version`, `agora-server --version` and the REPL's
/// banner print it, and CHANGELOG.md has a section for it.
public enum AgoraVersion {
    /// Semantic versioning: `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
