import Foundation

/// How cached values are stored: items and entries as JSON (keys sorted, so an unchanged value
/// is byte for byte the same and observers can skip it), ids as the JSON of the id (`42`,
/// `"a1b2"`), so any `Codable` id is a key.
enum CacheCoding {
    static func json(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try encoder.encode(value)
    }

    static func key(_ id: some Encodable) throws -> String {
        // An `Int` (every model's id) is its decimal digits, exactly what the encoder writes:
        // the same key without a `JSONEncoder` per open, store and read (3% of a scripted
        // `open 1` when profiled).
        if let id = id as? Int { return String(id) }
        return String(decoding: try json(id), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try JSONDecoder().decode(type, from: data)
    }
}
