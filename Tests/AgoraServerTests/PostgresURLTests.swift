import AgoraPostgres
import AgoraServer
import Testing

@Suite("PostgresURL: sslmode and sslrootcert as libpq names them")
struct PostgresURLTests {
    @Test(
        "given each sslmode libpq knows, then the URL keeps it; with no sslmode, prefer",
        arguments: [
            ("", PostgresURL.TLSMode.prefer), ("?sslmode=disable", .disable), ("?sslmode=prefer", .prefer), ("?sslmode=require", .require),
            ("?sslmode=verify-ca", .verifyCA), ("?sslmode=verify-full", .verifyFull),
        ])
    func modes(query: String, mode: PostgresURL.TLSMode) throws {
        let url = try PostgresURL("postgres://agora@db.example:5433/agora\(query)")

        #expect(url.tls == mode)
        #expect(url.rootCertificates == nil)
        #expect(url.description == "postgres://agora@db.example:5433/agora")
    }

    @Test("given sslrootcert, then the URL names the authorities' file")
    func rootCertificates() throws {
        let url = try PostgresURL("postgres://agora@db.example/agora?sslmode=verify-full&sslrootcert=/etc/agora/ca.pem")

        #expect(url.tls == .verifyFull)
        #expect(url.rootCertificates == "/etc/agora/ca.pem")
    }

    @Test("given an unknown sslmode or an empty sslrootcert, then one line says what would be right")
    func refusals() {
        let unknown = #expect(throws: PostgresURL.Invalid.self) { try PostgresURL("postgres://agora@db.example/agora?sslmode=verify") }
        let empty = #expect(throws: PostgresURL.Invalid.self) { try PostgresURL("postgres://agora@db.example/agora?sslmode=verify-ca&sslrootcert=") }

        #expect(unknown?.description.contains("expected disable, prefer, require, verify-ca or verify-full") == true, "\(String(describing: unknown))")
        #expect(empty?.description.contains("sslrootcert is empty") == true, "\(String(describing: empty))")
    }
}
