/// Every problem ``Container/validate()`` found, reported together so one run shows them all.
public struct ValidationError: Error, CustomStringConvertible {
    /// The failures, each underlying problem once, in the order of ``Container/registrations``.
    public let failures: [ResolutionError]

    /// Creates an error listing `failures`.
    public init(failures: [ResolutionError]) {
        self.failures = failures
    }

    /// One line per failure.
    public var description: String {
        failures.map(\.description).joined(separator: "\n")
    }
}
