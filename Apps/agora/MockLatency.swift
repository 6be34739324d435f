/// `AGORA_MOCK_LATENCY=<milliseconds>`: every answer of the OSS mock waits that long, to watch the
/// spinner or stop a slow command with Ctrl-C. Unset means no delay.
enum MockLatency {
    static let variable = "AGORA_MOCK_LATENCY"

    struct Invalid: Error, CustomStringConvertible {
        let value: String
        var description: String {
            "\(MockLatency.variable) must be a whole number of milliseconds (e.g. 1500), got '\(value.prefix(40))'"
        }
    }

    static func duration(in environment: [String: String]) throws(Invalid) -> Duration {
        guard let value = environment[variable], !value.isEmpty else { return .zero }
        guard let milliseconds = Int(value), milliseconds >= 0 else { throw Invalid(value: value) }
        return .milliseconds(milliseconds)
    }
}
