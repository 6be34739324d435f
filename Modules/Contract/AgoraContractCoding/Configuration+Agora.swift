public import OpenAPIRuntime

extension Configuration {
    /// How the live client and agora-server encode the contract: ``RFC3339DateTranscoder`` for
    /// dates, and compact JSON in the order the schema declares its properties.
    ///
    /// The runtime's default pretty-prints with sorted keys: a third more bytes and a sort per
    /// object, for a reader that is a program.
    public static let agora = Configuration(dateTranscoder: RFC3339DateTranscoder(), jsonEncodingOptions: [])
}
