/// Which services the app runs on: the mock's deterministic data (OSS mode) or agora-server
/// (live mode).
///
/// The app registers it beside its `ServiceType`, so a feature with a client of its own (one
/// protocol, a mock value and a live value, as `Scripts/new-feature` writes them) picks its mock
/// or its live value by it, with no edit to the shared service.
public enum ServiceMode: Sendable {
    /// `MockService`'s fixtures: no connection is opened.
    case oss
    /// agora-server's HTTP API.
    case live
}
