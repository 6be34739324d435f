import AgoraAPI
import AgoraMocks
import Foundation
import Testing

extension MockEndpoint {
    /// An endpoint the test does not expect to be called: a call fails the running test, naming
    /// the endpoint, and answers `server(status: 501)` so the code under test goes on.
    ///
    /// A test whose feature mock starts with every endpoint unimplemented and sets only the ones
    /// it means to reach proves the code under test reaches no other — a request nobody asserted
    /// (a second fetch, a stray login) fails the test instead of passing unnoticed.
    public static func unimplemented(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Self {
        .handler { _ in
            Issue.record("\(name) was called, but this test did not expect it: set the endpoint to expect it", sourceLocation: sourceLocation)
            return .failure(.server(status: 501))
        }
    }
}
