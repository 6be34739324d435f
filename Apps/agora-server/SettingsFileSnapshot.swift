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
        /// A setting given twice: JSON parsers keep one of them, and which is not what anyone meant.
        case duplicateKey(String)
        /// A value JSONSnapshot does not take (`null`, an array of mixed types), in its words.
        case unsupportedValue(String)

        var description: String {
            switch self {
            case .unsupportedValue(let reason): reason
            case .notJSON: "not valid JSON; expected an object of settings such as {\"port\": 8080}"
            case .notAnObject: "not a JSON object; expected an object of settings such as {\"port\": 8080}"
            case .duplicateKey(let key): "\(String(reflecting: String(key.prefix(80)))) is given twice; expected each setting once"
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
        if let key = Self.repeatedKey(in: bytes) { throw Failure.duplicateKey(key) }
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

    /// The first top-level key of the JSON object `bytes` that appears a second time, unescaped
    /// (`"port"` and `"\u0070ort"` are one key); `nil` when each appears once. `bytes` is valid
    /// JSON: JSONSerialization read it first.
    static func repeatedKey(in bytes: Data) -> String? {
        let text = Array(bytes)
        var index = 0
        var depth = 0
        var seen: Set<String> = []
        var expectsKey = false
        while index < text.count {
            switch text[index] {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while text[index] != UInt8(ascii: "\"") { index += text[index] == UInt8(ascii: "\\") ? 2 : 1 }
                if depth == 1, expectsKey {
                    let literal = Data(text[start...index])
                    guard let key = try? JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String else { return nil }
                    if !seen.insert(key).inserted { return key }
                    expectsKey = false
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectsKey = depth == 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectsKey = depth == 1
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
