import AgoraChildProcess
import AgoraPostgresTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// agora-server reads each setting from its flag, else `AGORA_*`, else the `--config` JSON file,
/// else its default; these run the built binary as an operator would.
@Suite("agora-server: settings from flags, AGORA_* variables and a --config file, in that order")
struct SettingSourcesTests {
    /// A `--config` file in a folder of its own, removed with it.
    struct SettingsFile: ~Copyable {
        let folder: TemporaryFolder
        let path: String

        init(_ json: String) throws {
            let folder = try TemporaryFolder()
            let path = folder.url.appending(path: "agora.json").path
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
            self.folder = folder
            self.path = path
        }
    }

    /// The port in the server's `listening` line; stops the server.
    private func listeningPort(_ arguments: [String], environment: [String: String] = [:]) async throws -> Int {
        let server = try ChildProcess(built: "agora-server", arguments, adding: environment)
        let line = try await server.firstLine()
        server.send(SIGTERM)
        _ = try await server.exitStatus()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/), "\(server.printed().stderr)").1
        return try #require(Int(port))
    }

    /// Standard error of a server that must refuse to start; checks it said one line and failed.
    private func refusal(_ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let server = try ChildProcess(built: "agora-server", arguments, adding: environment)
        let status = try await server.exitStatus()
        let output = server.printed()
        #expect(status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        return output.stderr
    }

    @Test("given the port as a flag, in AGORA_PORT and in the file, when it starts, then it listens on the flag's port")
    func flagWins() async throws {
        let (flag, variable, file) = try (PostgresTestCluster.freePort(), PostgresTestCluster.freePort(), PostgresTestCluster.freePort())
        let settings = try SettingsFile(#"{"port": \#(file)}"#)

        let port = try await listeningPort(["--port", "\(flag)", "--config", settings.path], environment: ["AGORA_PORT": "\(variable)"])

        #expect(port == flag)
    }

    @Test("given the port in AGORA_PORT and in the file, when it starts, then it listens on the variable's port")
    func environmentBeatsFile() async throws {
        let (variable, file) = try (PostgresTestCluster.freePort(), PostgresTestCluster.freePort())
        let settings = try SettingsFile(#"{"port": \#(file)}"#)

        let port = try await listeningPort(["--config", settings.path], environment: ["AGORA_PORT": "\(variable)"])

        #expect(port == variable)
    }

    @Test("given the port only in the file, named by AGORA_CONFIG, when it starts, then it listens on the file's port, not the default")
    func fileBeatsDefault() async throws {
        let file = try PostgresTestCluster.freePort()
        let settings = try SettingsFile(#"{"port": \#(file), "log-level": "warning"}"#)

        let port = try await listeningPort([], environment: ["AGORA_CONFIG": settings.path])

        #expect(port == file)
    }

    @Test("given an empty AGORA_PORT, when it starts, then the variable counts as unset and the file's port is used")
    func emptyVariableIsUnset() async throws {
        let file = try PostgresTestCluster.freePort()
        let settings = try SettingsFile(#"{"port": \#(file)}"#)

        let port = try await listeningPort(["--config", settings.path], environment: ["AGORA_PORT": ""])

        #expect(port == file)
    }

    @Test("given AGORA_LOG_FORMAT=json and the file saying text, when a request is logged, then the log is JSON: AGORA_ and the name with - as _")
    func multiWordVariable() async throws {
        let settings = try SettingsFile(#"{"log-format": "text", "log-level": "info"}"#)
        let server = try ChildProcess(built: "agora-server", ["--port", "0", "--config", settings.path], adding: ["AGORA_LOG_FORMAT": "json"])
        let line = try await server.firstLine()
        let port = try #require(line.wholeMatch(of: /agora-server listening on http:\/\/127\.0\.0\.1:(\d+)/)).1

        _ = try await APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!).get("/health")
        server.send(SIGTERM)
        _ = try await server.exitStatus()

        let lines = server.printed().stderr.split(separator: "\n")
        #expect(!lines.isEmpty)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
    }

    @Test(
        "given a bad value in a variable, when it starts, then one line names the variable and what is expected",
        arguments: [
            ("AGORA_PORT", "eighty", #"AGORA_PORT: "eighty" is not a port; expected 0...65535"#),
            ("AGORA_PORT", "70000", "AGORA_PORT: port 70000 is out of range; expected 0...65535"),
            ("AGORA_LOG_FORMAT", "xml", #"AGORA_LOG_FORMAT: "xml" is not one of text, json"#),
            ("AGORA_BCRYPT_COST", "2", "AGORA_BCRYPT_COST: bcrypt cost 2 is out of range; expected 4...31"),
            ("AGORA_TOKEN_LIFETIME", "0", "AGORA_TOKEN_LIFETIME: 0 is too short"),
            ("AGORA_TRUSTED_PROXY", "10.0.0.1,10.0.0.0/8", "AGORA_TRUSTED_PROXY: "),
            ("AGORA_FORWARDED_HEADER", "x-real-ip", #"AGORA_FORWARDED_HEADER: "x-real-ip" is not one of x-forwarded-for, forwarded"#),
            ("AGORA_BUSIEST_EVENT_COMMENTS", "5", "AGORA_BUSIEST_EVENT_COMMENTS needs --seed demo"),
        ]
    )
    func badVariable(name: String, value: String, message: String) async throws {
        // Port 0 unless the case is about the port, so that a value wrongly taken cannot block on a port in use.
        let stderr = try await refusal([], environment: ["AGORA_PORT": "0"].merging([name: value]) { _, given in given })

        #expect(stderr.hasPrefix("agora-server: \(message)"), "\(stderr)")
    }

    @Test(
        "given a bad value in the file, when it starts, then one line names the file, the key and what is expected",
        arguments: [
            (#"{"port": "eighty"}"#, #""port" is not a port; expected 0...65535"#),
            (#"{"port": 70000}"#, #""port": port 70000 is out of range"#),
            (#"{"log-level": "loud"}"#, #""log-level": "loud" is not one of trace, debug, info"#),
            (#"{"trusted-proxy": "10.0.0.2"}"#, #""trusted-proxy" is not a list; expected an array of strings"#),
        ]
    )
    func badFileValue(json: String, message: String) async throws {
        let settings = try SettingsFile(json)

        let stderr = try await refusal(["--config", settings.path])

        #expect(stderr.hasPrefix("agora-server: \(settings.path): \(message)"), "\(stderr)")
    }

    @Test("given a key in the file that is no setting, when it starts, then one line names it and the setting it resembles")
    func unknownFileKey() async throws {
        let settings = try SettingsFile(#"{"prot": 9000}"#)

        let stderr = try await refusal(["--config", settings.path])

        #expect(stderr == "agora-server: \(settings.path): \"prot\" is not a setting; did you mean \"port\"?\n")
    }

    @Test(
        "given a --config file that is missing, a folder, not JSON, not an object or with a setting given twice, when it starts, then one line names the file and why",
        arguments: [
            (nil, "cannot read the configuration file", "no such file"),
            ("", "cannot read the configuration file", "it is a directory"),
            ("port: 9000", "", "not valid JSON"),
            ("[9000]", "", "not a JSON object"),
            (#"{"port": 9000, "trusted-proxy": ["10.0.0.2", "port"], "port": 9001}"#, "", #""port" is given twice; expected each setting once"#),
            (#"{"log-level": "info", "\u006cog-level": "trace"}"#, "", #""log-level" is given twice"#),
        ] as [(String?, String, String)]
    )
    func unreadableFile(contents: String?, prefix: String, reason: String) async throws {
        let folder = try TemporaryFolder()
        var path = folder.url.appending(path: "agora.json").path
        switch contents {
        case nil: break
        case "": path = folder.url.path
        case let text?: try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        let stderr = try await refusal(["--config", path])

        #expect(stderr.hasPrefix(prefix.isEmpty ? "agora-server: \(path): " : "agora-server: \(prefix) \(path): "), "\(stderr)")
        #expect(stderr.contains(reason), "\(stderr)")
    }

    @Test(
        "given a database URL with a password in the file, when it is refused, then neither the error nor swift-configuration's access log shows the password"
    )
    func passwordNeverShown() async throws {
        let settings = try SettingsFile(#"{"database-url": "postgres://agora:hunter2@127.0.0.1/agora?sslmode=maybe"}"#)
        let accessLog = settings.folder.url.appending(path: "access.log").path

        let stderr = try await refusal(["--config", settings.path], environment: ["CONFIG_ACCESS_LOG_FILE": accessLog])

        #expect(stderr.hasPrefix("agora-server: \(settings.path): \"database-url\": "), "\(stderr)")
        #expect(!stderr.contains("hunter2"), "\(stderr)")
        let log = try String(contentsOfFile: accessLog, encoding: .utf8)
        #expect(log.contains("database-url"), "\(log)")
        #expect(!log.contains("hunter2"), "\(log)")
    }

    @Test("given AGORA_DB and no --db, when agora-server backup runs, then it copies the database the variable names")
    func backupReadsTheEnvironment() async throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appending(path: "missing.sqlite").path
        let copy = folder.url.appending(path: "copy.sqlite").path

        let stderr = try await refusal(["backup", "--to", copy], environment: ["AGORA_DB": missing])

        #expect(stderr.hasPrefix("agora-server: cannot back up"), "\(stderr)")
        #expect(stderr.contains(missing), "\(stderr)")
    }
}
