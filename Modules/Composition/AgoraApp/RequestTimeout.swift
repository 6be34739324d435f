/// `AGORA_REQUEST_TIMEOUT=<milliseconds>`: how long a live request may wait for agora-server
/// before the screen says the server took too long. Unset means the app's default (10 s).
///
/// Tests of slow or silent servers set it low, so a timeout costs them a second instead of ten;
/// a user on a slow link can raise it. The REPL and agora-web read it alike.
public enum RequestTimeout {
    /// The variable's name.
    public static let variable = "AGORA_REQUEST_TIMEOUT"

    /// A value that is not a whole, positive number of milliseconds, in one line.
    public struct Invalid: Error, CustomStringConvertible {
        let value: String
        public var description: String {
            "\(RequestTimeout.variable) must be a whole number of milliseconds, at least 1 (e.g. 2000), got '\(value.prefix(40))'"
        }
    }

    /// The timeout `environment` asks for, or `default` when it asks for none.
    public static func duration(in environment: [String: String], default: Duration) throws(Invalid) -> Duration {
        guard let value = environment[variable], !value.isEmpty else { return `default` }
        guard let milliseconds = Int(value), milliseconds >= 1 else { throw Invalid(value: value) }
        return .milliseconds(milliseconds)
    }
}
