/// Which services the app runs on: the mock's deterministic data (OSS mode) or agora-server
/// (live mode).
///
/// The app registers it, so each feature's assembly picks its own service's mock or live
/// conformer by it (`MockEventsService` or `LiveEventsService`), with no edit to a shared one.
public enum ServiceMode: Sendable {
    /// `MockService`'s fixtures: no connection is opened.
    case oss
    /// agora-server's HTTP API.
    case live
}
