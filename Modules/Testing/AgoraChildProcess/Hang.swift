/// How long a test waits for something that must happen before it calls it a hang.
///
/// A test waits for an event (a line, a prompt, a closed connection), never for a time: a wait
/// ends as soon as its event comes, so this bound costs nothing when the test passes. It only
/// turns a hang into a failure that names what it waited for, and is far past anything a busy
/// machine takes: the suite shares two cores with builds and a hundred processes of its own.
/// A test that checks a duration uses a test clock or an order of events instead.
public enum Hang {
    /// Two minutes: minutes, not seconds, so no load makes a passing test fail.
    public static let bound: Duration = .seconds(120)

    /// The bound as `AGORA_REQUEST_TIMEOUT` takes it, for a program under test whose requests
    /// may only fail by a fault a test injects, never by the load on the machine.
    public static let requestTimeoutMilliseconds = String(bound.components.seconds * 1_000)
}
