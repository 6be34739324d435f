import AgoraChildProcess
import AgoraPostgres
import Foundation
import Synchronization

/// A PostgreSQL 15 server of the tests' own: a fresh cluster in a temporary folder, on a free
/// port of 127.0.0.1 (its socket in that folder too), started when first asked for a database
/// and stopped and deleted by ``delete()`` or, at the latest, when the test process exits.
/// ``shared`` serves most tests, each in a new database; a test that stops PostgreSQL makes
/// a cluster of its own.
///
/// Debian's `postgresql-15` binaries are used (Scripts/bootstrap installs them). When they are
/// missing or the server cannot start, the PostgreSQL variant of a test fails with the reason,
/// unless `AGORA_SKIP_POSTGRES=1` leaves it out (``isSkipped``). PostgreSQL refuses to run
/// as root, so as root it runs as the `postgres` user (`runuser`).
public actor PostgresTestCluster {
    /// Whether `AGORA_SKIP_POSTGRES=1` leaves the PostgreSQL variants of tests out, or this build
    /// has no PostgreSQL (the trait of that name).
    public static var isSkipped: Bool {
        #if PostgreSQL
        ProcessInfo.processInfo.environment["AGORA_SKIP_POSTGRES"] == "1"
        #else
        true
        #endif
    }

    /// Where `initdb` and `pg_ctl` are; `AGORA_POSTGRES_BIN` overrides it.
    public static let binaries = ProcessInfo.processInfo.environment["AGORA_POSTGRES_BIN"] ?? "/usr/lib/postgresql/15/bin"

    /// Why the cluster could not start; one line.
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The cluster most tests share, each in a database of its own.
    public static let shared = PostgresTestCluster()

    /// Whether the cluster takes TLS connections only, with a certificate for 127.0.0.1 that it
    /// signed itself (``certificate``).
    public let tlsOnly: Bool

    /// - Parameter tlsOnly: whether the cluster refuses connections without TLS.
    public init(tlsOnly: Bool = false) {
        self.tlsOnly = tlsOnly
    }

    /// The cluster once it started (or why it could not); one start however many tests ask at once.
    private var started: Task<Started, any Error>?
    private var databases = 0

    private struct Started {
        let folder: String
        let port: Int
    }

    /// A new, empty database in the cluster, which is started first when it is not yet.
    public func makeDatabase() async throws -> PostgresURL {
        let cluster = try await start()
        databases += 1
        let name = "agora_test_\(databases)"
        try await Self.run(
            Self.binaries + "/createdb", ["-h", "127.0.0.1", "-p", "\(cluster.port)", "-U", "postgres", name], asPostgres: false,
            within: Hang.bound)
        return try PostgresURL("postgres://postgres@127.0.0.1:\(cluster.port)/\(name)?sslmode=\(tlsOnly ? "require" : "disable")")
    }

    /// The server's certificate (PEM), its own authority: a TLS-only cluster's, once started.
    public func certificate() async throws -> String {
        try await start().folder + "/data/server.crt"
    }

    /// Stops the cluster and deletes its folder.
    public func delete() async {
        guard let cluster = try? await started?.value else { return }
        started = nil
        ClusterCleanup.stop(binaries: Self.binaries, folder: cluster.folder)
    }

    /// Stops the cluster for a while, as an outage would; ``resume()`` starts it again.
    ///
    /// - Parameter immediately: whether PostgreSQL stops as in a crash (`-m immediate`: no
    ///   goodbye to its clients, recovery from its log at the next start) rather than fast
    ///   (its clients' transactions rolled back, their connections closed).
    public func pause(immediately: Bool = false) async throws {
        let cluster = try await start()
        try await Self.run(
            Self.binaries + "/pg_ctl", ["-D", cluster.folder + "/data", "-w", "-t", "30", "-m", immediately ? "immediate" : "fast", "stop"],
            within: Hang.bound)
    }

    /// Starts the cluster again after ``pause()``.
    public func resume() async throws {
        let cluster = try await start()
        try await Self.run(
            Self.binaries + "/pg_ctl", Self.startArguments(folder: cluster.folder, port: cluster.port, tlsOnly: tlsOnly), within: Hang.bound)
    }

    private func start() async throws -> Started {
        if let started { return try await started.value }
        let starting = Task { [tlsOnly] in try await Self.startCluster(tlsOnly: tlsOnly) }
        started = starting
        return try await starting.value
    }

    private static func startCluster(tlsOnly: Bool) async throws -> Started {
        guard FileManager.default.isExecutableFile(atPath: binaries + "/initdb") else {
            throw Unavailable(
                description:
                    "PostgreSQL 15 is not installed (no \(binaries)/initdb): run Scripts/bootstrap, or set AGORA_SKIP_POSTGRES=1 to leave the PostgreSQL tests out"
            )
        }
        let folder = FileManager.default.temporaryDirectory.appending(path: "agora-postgres-\(UUID().uuidString.prefix(8))").path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if getuid() == 0 { try FileManager.default.setAttributes([.ownerAccountName: "postgres"], ofItemAtPath: folder) }
            try await run(binaries + "/initdb", ["-D", folder + "/data", "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"], within: Hang.bound)
            if tlsOnly { try await takeTLSOnly(data: folder + "/data") }
            let port = try freePort()
            // Registered before the start: a start that times out may still leave a server running.
            ClusterCleanup.register(binaries: binaries, folder: folder)
            try await run(binaries + "/pg_ctl", startArguments(folder: folder, port: port, tlsOnly: tlsOnly), within: Hang.bound)
            return Started(folder: folder, port: port)
        } catch {
            ClusterCleanup.stop(binaries: binaries, folder: folder)
            throw Unavailable(description: "PostgreSQL could not start in \(folder): \(error)")
        }
    }

    /// `pg_ctl start`: on 127.0.0.1 only, the socket in the cluster's folder, and no fsync (a
    /// test database need not survive a crash of the machine); with TLS when `tlsOnly`.
    private static func startArguments(folder: String, port: Int, tlsOnly: Bool) -> [String] {
        let tls = tlsOnly ? " -c ssl=on" : ""
        return [
            "-D", folder + "/data", "-l", folder + "/server.log", "-w", "-t", "30",
            "-o", "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" + tls,
            "start",
        ]
    }

    /// Gives the cluster in `data` a certificate for 127.0.0.1 that it signed itself (where
    /// PostgreSQL looks for one: `server.crt`, `server.key`) and lets TCP clients in over TLS only.
    private static func takeTLSOnly(data: String) async throws {
        try await run(
            "/usr/bin/openssl",
            [
                "req", "-new", "-x509", "-days", "2", "-nodes", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                "-newkey", "rsa:2048", "-keyout", data + "/server.key", "-out", data + "/server.crt",
            ], within: Hang.bound)
        try await run("/bin/chmod", ["600", data + "/server.key"], within: Hang.bound)
        // Written by the `postgres` user, as the rest of the cluster's folder.
        try await run(
            "/bin/sh", ["-c", #"printf 'local all all trust\nhostssl all all 127.0.0.1/32 trust\n' > "$0""#, data + "/pg_hba.conf"], within: Hang.bound)
    }

    /// A port nothing listens on now, from the system.
    public static func freePort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Unavailable(description: "no socket for a free port: errno \(errno)") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw Unavailable(description: "cannot bind 127.0.0.1:0 for a free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a PostgreSQL program (as `postgres` when this process is root) and waits for it,
    /// at most `timeout`, without holding a thread; throws its last line of output when it fails.
    public static func run(_ program: String, _ arguments: [String], asPostgres: Bool = true, within timeout: Duration) async throws {
        let name = (program as NSString).lastPathComponent
        let log = Self.logFile()
        defer { try? FileManager.default.removeItem(at: log) }
        let child: ChildProcess
        do {
            child = try spawn(program, arguments, asPostgres: asPostgres, log: log)
        } catch {
            throw Unavailable(description: "cannot run \(program): \(error)")
        }
        let ended: ChildProcess.Termination
        do {
            ended = try await child.exit(within: timeout)
        } catch {
            throw Unavailable(description: "\(name) \(error)")
        }
        guard ended == .exited(0) else {
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            let lastLine = output.split(separator: "\n").last.map(String.init) ?? "no output"
            throw Unavailable(description: "\(name) ended with \(ended): \(lastLine)")
        }
    }

    /// The same, blocking, for the exit handler, where no task runs any more; `pg_ctl -t`
    /// bounds the wait.
    public static func runBlocking(_ program: String, _ arguments: [String]) {
        let log = Self.logFile()
        defer { try? FileManager.default.removeItem(at: log) }
        _ = try? spawn(program, arguments, asPostgres: true, log: log).waitUntilExit()
    }

    /// Output goes to a file, not a pipe: the server `pg_ctl start` leaves running keeps its
    /// standard output, and a pipe would never end. (ChildProcess closes every other descriptor
    /// of this process in the child.)
    private static func spawn(_ program: String, _ arguments: [String], asPostgres: Bool, log: URL) throws -> ChildProcess {
        let command = asPostgres && getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", program] + arguments : [program] + arguments
        return try ChildProcess(URL(fileURLWithPath: command[0]), Array(command.dropFirst()), output: .file(log), error: .standardOutput)
    }

    private static func logFile() -> URL {
        FileManager.default.temporaryDirectory.appending(path: "agora-postgres-program-\(UUID().uuidString).log")
    }
}

/// Stops the tests' clusters and deletes their folders when the test process exits, those
/// ``PostgresTestCluster/delete()`` has not.
private enum ClusterCleanup {
    /// What the exit handler, a C function that captures nothing, reads: the running clusters' folders.
    static let folders = Mutex<Set<String>>([])

    static func register(binaries: String, folder: String) {
        let first = folders.withLock { folders in
            defer { folders.insert(folder) }
            return folders.isEmpty
        }
        guard first else { return }
        atexit {
            for folder in ClusterCleanup.folders.withLock({ $0 }) { ClusterCleanup.stop(binaries: PostgresTestCluster.binaries, folder: folder) }
        }
    }

    static func stop(binaries: String, folder: String) {
        PostgresTestCluster.runBlocking(binaries + "/pg_ctl", ["-D", folder + "/data", "-m", "immediate", "-w", "-t", "20", "stop"])
        try? FileManager.default.removeItem(atPath: folder)
        _ = folders.withLock { $0.remove(folder) }
    }
}
