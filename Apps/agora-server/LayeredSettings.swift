import ArgumentParser
import Configuration
import Foundation
import Synchronization

/// Where a setting's value came from, named in every error about it so the operator knows
/// which of the flags, the environment or the file to fix.
enum SettingSource: Equatable, Sendable {
    case flag
    case environment
    case file(path: String)
    case defaultValue

    /// How the setting `name` is spelt in this source: `--port`, `AGORA_PORT`,
    /// `/etc/agora.json: "port"`.
    func label(for name: String) -> String {
        switch self {
        case .flag, .defaultValue: "--\(name)"
        case .environment: LayeredSettings.environmentName(for: name)
        case .file(let path): "\(path): \"\(name)\""
        }
    }
}

/// agora-server's settings from its three sources, with one precedence: a flag given on the
/// command line, else its `AGORA_*` environment variable, else its key in the `--config` JSON
/// file, else the default.
///
/// A setting has one name, its flag's (`port`, `log-format`): the variable is `AGORA_` and the
/// name upper-cased with `-` as `_` (`AGORA_LOG_FORMAT`, EnvironmentVariablesProvider's own
/// encoding of the key prefixed with `agora`), and the file's key is the name itself. The
/// environment and the file are read through one `ConfigReader`, in that order; ArgumentParser
/// keeps the command line, so a flag keeps its help and its validation.
///
/// Every read records where its value came from (``label(for:)``), so that an error found later,
/// such as AgoraServer refusing a port, names the variable or the file rather than a flag that was
/// never given. A value of the wrong type is an error naming its source, not a silent default.
struct LayeredSettings {
    /// The variable that names the file when `--config` does not.
    static let configFileVariable = environmentName(for: "config")

    /// The settings whose values are secret: kept out of errors and, through `isSecret`, out of
    /// swift-configuration's access log (`CONFIG_ACCESS_LOG_FILE`).
    static let secretSettings: Set<String> = ["database-url"]

    private let reader: ConfigReader
    private let recorder = LookupRecorder()
    private let environment: [String: String]
    private let file: (path: String, keys: Set<String>)?
    /// Where each setting read so far came from.
    private var sources: [String: SettingSource] = [:]

    /// Reads the environment and, when `configFile` or `AGORA_CONFIG` names one, the JSON file.
    ///
    /// - Parameter configFile: `--config`, which wins over `AGORA_CONFIG`.
    /// - Throws: A ``CommandFailure`` of one line when the file is missing, unreadable or not a
    ///   JSON object.
    init(configFile: String?, environment: [String: String]) async throws(CommandFailure) {
        // An empty variable counts as unset, as `AGORA_DATABASE_URL=` always has.
        self.environment = environment.filter { $0.key.hasPrefix("AGORA_") && !$0.value.isEmpty }
        let environmentProvider = EnvironmentVariablesProvider(
            environmentVariables: self.environment,
            secretsSpecifier: .specific(Set(Self.secretSettings.map(Self.environmentName(for:))))
        ).prefixKeys(with: "agora")
        var providers: [any ConfigProvider] = [environmentProvider]
        if let path = configFile ?? self.environment[Self.configFileVariable] {
            let provider = try await Self.fileProvider(path: path)
            let keys = (provider.snapshot() as? SettingsFileSnapshot)?.keys ?? []
            file = (path, keys)
            providers.append(provider)
        } else {
            file = nil
        }
        reader = ConfigReader(providers: providers, accessReporter: recorder)
    }

    /// `AGORA_` and the setting's name upper-cased, `-` as `_`.
    static func environmentName(for name: String) -> String {
        "AGORA_" + name.uppercased().replacingOccurrences(of: "-", with: "_")
    }

    /// How the setting `name` was given, for an error about its value: `--port` when it was not
    /// read or came from the default.
    func label(for name: String) -> String {
        (sources[name] ?? .defaultValue).label(for: name)
    }

    /// The setting `name`, a whole number: the flag's value, else the environment's or the
    /// file's, else `defaultValue`.
    ///
    /// - Parameter expected: what a right value is, after "is not": "a port; expected 0...65535".
    mutating func int(_ name: String, flag: Int?, default defaultValue: Int, expected: String) throws(CommandFailure) -> Int {
        if let flag { return given(name, flag) }
        let value = reader.int(forKey: ConfigKey([name]))
        try recordSource(of: name, expected: expected)
        return value ?? defaultValue
    }

    /// The setting `name`, a string, or nil when no source has it.
    mutating func string(_ name: String, flag: String?, expected: String) throws(CommandFailure) -> String? {
        if let flag { return given(name, flag) }
        let value = reader.string(forKey: ConfigKey([name]), isSecret: Self.secretSettings.contains(name))
        try recordSource(of: name, expected: expected)
        return value
    }

    /// The setting `name`, one of `Value`'s cases (`--log-format`'s text or json).
    mutating func option<Value: ExpressibleByArgument & CaseIterable & RawRepresentable<String>>(
        _ name: String, flag: Value?, default defaultValue: Value
    ) throws(CommandFailure) -> Value {
        let cases = Value.allCases.map(\.rawValue).joined(separator: ", ")
        guard let text = try string(name, flag: flag?.rawValue, expected: "one of \(cases)") else { return defaultValue }
        guard let value = Value(argument: text) else {
            throw CommandFailure("\(label(for: name)): \(String(reflecting: text)) is not one of \(cases)", exitCode: .validationFailure)
        }
        return value
    }

    /// The repeatable setting `name`: the flags given, else the variable's comma-separated
    /// values, else the file's array of strings, else none.
    mutating func strings(_ name: String, flags: [String], expected: String) throws(CommandFailure) -> [String] {
        if !flags.isEmpty { return given(name, flags) }
        let values = reader.stringArray(forKey: ConfigKey([name]))
        try recordSource(of: name, expected: expected)
        return values ?? []
    }

    /// Refuses a key in the file that no read asked for: a typo such as `"prot"` must not leave
    /// the port at its default without a word. Call after every setting has been read.
    func refuseUnknownFileKeys() throws(CommandFailure) {
        guard let file, let unknown = file.keys.subtracting(sources.keys).sorted().first else { return }
        let known = sources.keys.filter { $0 != "config" }.sorted()
        let hint =
            known.first { Self.editDistance($0, unknown) <= 2 }.map { "did you mean \"\($0)\"?" }
            ?? "expected one of \(known.joined(separator: ", "))"
        throw CommandFailure("\(file.path): \"\(unknown)\" is not a setting; \(hint)", exitCode: .validationFailure)
    }

    private mutating func given<Value>(_ name: String, _ value: Value) -> Value {
        sources[name] = .flag
        return value
    }

    /// Notes which provider answered `name`, or throws when the one that had it could not give
    /// it as the type asked for (`AGORA_PORT=eighty`, `"port": "8080"`): ConfigReader then falls
    /// back to the default and tells only its access reporter.
    private mutating func recordSource(of name: String, expected: String) throws(CommandFailure) {
        for (index, result) in recorder.providerResults(for: name).enumerated() {
            let provider: SettingSource = index == 0 ? .environment : .file(path: file?.path ?? "")
            switch result.result {
            case .failure:
                let label = provider.label(for: name)
                // A variable's text is shown, unless secret; a file's value may be any JSON, so its key is enough.
                let value =
                    provider == .environment && !Self.secretSettings.contains(name)
                    ? environment[label].map { ": \(String(reflecting: $0))" } ?? "" : ""
                throw CommandFailure("\(label)\(value) is not \(expected)", exitCode: .validationFailure)
            case .success(let lookup) where lookup.value != nil:
                sources[name] = provider
                return
            case .success:
                continue
            }
        }
        sources[name] = .defaultValue
    }

    private static func fileProvider(path: String) async throws(CommandFailure) -> FileProvider<SettingsFileSnapshot> {
        do {
            return try await FileProvider<SettingsFileSnapshot>(
                parsingOptions: .init(secretsSpecifier: .specific(secretSettings)), filePath: .init(path))
        } catch let error as SettingsFileSnapshot.Failure {
            throw CommandFailure("\(path): \(error.description)", exitCode: .validationFailure)
        } catch {
            throw CommandFailure("cannot read the configuration file \(path): \(unreadableReason(path))", exitCode: .validationFailure)
        }
    }

    /// Why `path` could not be read, in a few words: FileProvider's own error is several
    /// sentences about the path.
    private static func unreadableReason(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return "no such file" }
        if attributes[.type] as? FileAttributeType == .typeDirectory { return "it is a directory" }
        return FileManager.default.isReadableFile(atPath: path) ? "it cannot be read" : "permission denied"
    }

    /// Levenshtein's distance, for suggesting the setting a mistyped key meant.
    private static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Keeps, for each key read, what every provider answered: the one place ConfigReader says which
/// source a value came from, or which one held a value it could not convert.
private final class LookupRecorder: AccessReporter {
    private let results = Mutex<[String: [AccessEvent.ProviderResult]]>([:])

    func report(_ event: AccessEvent) {
        results.withLock { $0[event.metadata.key.description] = event.providerResults }
    }

    func providerResults(for name: String) -> [AccessEvent.ProviderResult] {
        results.withLock { $0[name] ?? [] }
    }
}
