import AgoraPostgres
import AgoraPostgresTesting
import AgoraServer
import Foundation
import Testing

/// `sslmode` means what it means to libpq: `prefer` and `require` encrypt whatever certificate
/// the server shows; `verify-ca` and `verify-full` trust only an authority they know.
@Suite("PostgreSQL over TLS: each sslmode as libpq reads it", .enabled(if: StoreKind.all.contains(.postgres)))
struct PostgresTLSTests {
    @Test(
        "given a PostgreSQL that takes TLS only, with a certificate it signed itself, then prefer, require, and verify-ca and verify-full given that certificate serve; disable, and verify-full with the system's authorities, are refused in one line",
        .timeLimit(.minutes(10)))
    func sslModes() async throws {
        let cluster = PostgresTestCluster(tlsOnly: true)
        let database = try await cluster.makeDatabase()
        let certificate = try await cluster.certificate()
        func url(_ query: String) throws -> PostgresURL { try PostgresURL("\(database)?\(query)") }

        for query in ["sslmode=prefer", "sslmode=require", "sslmode=verify-ca&sslrootcert=\(certificate)", "sslmode=verify-full&sslrootcert=\(certificate)"] {
            let database = try url(query)
            try await TestServer.with({ $0.database = .postgres(database) }) { server in
                let ready = try await server.client.get("/health/ready")
                let events = try await server.client.get("/v1/events?limit=1")
                #expect(ready.status == 200, "\(query)")
                #expect(events.status == 200, "\(query)")
            }
        }
        var refusals: [String] = []
        for query in ["sslmode=disable", "sslmode=verify-full"] {
            let database = try url(query)
            let error = await #expect(throws: (any Error).self, "\(query)") {
                try await TestServer.with({ $0.database = .postgres(database) }) { _ in }
            }
            refusals.append(error.map { "\($0)" } ?? "")
        }
        await cluster.delete()

        #expect(refusals.allSatisfy { !$0.isEmpty && !$0.contains("\n") }, "\(refusals)")
        #expect(refusals[0].localizedCaseInsensitiveContains("no encryption") || refusals[0].contains("pg_hba"), "\(refusals[0])")
        #expect(refusals[1].localizedCaseInsensitiveContains("certificate"), "\(refusals[1])")
    }
}
