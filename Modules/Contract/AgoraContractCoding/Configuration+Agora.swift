public import OpenAPIRuntime

extension Configuration {
    /// How the live client and agora-server encode the contract: ``RFC3339DateTranscoder`` for
    /// dates, and compact JSON with its keys sorted.
    ///
    /// Sorted, because an answer's `ETag` is a digest of its bytes: the encoder otherwise writes an
    /// object's keys in the order of a dictionary hashed with a seed each process draws, so two
    /// servers behind one proxy, or one server after a restart, would tag the same answer
    /// differently and never answer a client's `If-None-Match` with 304. Compact, because the
    /// runtime's default pretty-prints for a reader that is a program: a third more bytes.
    public static let agora = Configuration(dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [.sortedKeys])
}
