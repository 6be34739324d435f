import Configuration
import Foundation

/// The `--config` file: a JSON object of settings keyed by their flags' names, parsed by
/// swift-configuration's `JSONSnapshot`, which keeps no list of its keys; this one also does, so
/// that a key agora-server never reads (a typo) is refused rather than ignored.
struct SettingsFileSnapshot: FileConfigSnapshot {
    typealias ParsingOptions = JSONSnapshot.ParsingOptions

    /// Why the file's contents are not settings, in words for one line after its path.
    enum Failure: Error, CustomStringConvertible {
        case notJSON
        case notAnObject
        /// A value JSONSnapshot does not take (`null`, an array of mixed types), in its words.
        case unsupportedValue(String)

        var description: String {
            switch self {
            case .unsupportedValue(let reason): reason
            case .notJSON: "not valid JSON; expected an object of settings such as {\"port\": 8080}"
            case .notAnObject: "not a JSON object; expected an object of settings such as {\"port\": 8080}"
            }
        }
    }

    /// The file's top-level keys: a nested object is one key, and no setting has that name.
    let keys: Set<String>
    private let json: JSONSnapshot

    init(data: RawSpan, providerName: String, parsingOptions: ParsingOptions) throws {
        let bytes = data.withUnsafeBytes { Data($0) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: bytes)
        } catch {
            throw Failure.notJSON
        }
        guard let dictionary = object as? [String: Any] else { throw Failure.notAnObject }
        keys = Set(dictionary.keys)
        do {
            json = try JSONSnapshot(data: data, providerName: providerName, parsingOptions: parsingOptions)
        } catch {
            throw Failure.unsupportedValue("\(error)")
        }
    }

    var providerName: String { json.providerName }

    func value(forKey key: AbsoluteConfigKey, type: ConfigType) throws -> LookupResult {
        try json.value(forKey: key, type: type)
    }

    var description: String { json.description }

    /// JSONSnapshot's, which shows a secret (`database-url`) as `<REDACTED>`.
    var debugDescription: String { json.debugDescription }
}
