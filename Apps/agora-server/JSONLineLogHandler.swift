import Foundation
import Logging

/// A log handler writing one JSON object per line to standard error, for log collectors that
/// read fields rather than text (`--log-format json`).
///
/// Every object has `time` (ISO 8601, UTC, milliseconds), `level`, `label` and `message`, then
/// the metadata as fields of their own: a request's line has `request_id`, `method`, `route`,
/// `status`, `duration_ms` and `client`. Numbers logged as numbers (`status`, `duration_ms`)
/// stay numbers; everything else is a string, an array or an object. Hummingbird's
/// `hb.request.id` is written as `request_id`, so every line logged for a request can be joined
/// to its request line. A line is written with one `write`, so lines from concurrent requests
/// never interleave.
struct JSONLineLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var object: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            object[key == "hb.request.id" ? "request_id" : key] = Self.json(value)
        }
        object["time"] = Date().formatted(.iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
        object["level"] = event.level.rawValue
        object["label"] = label
        object["message"] = "\(event.message)"
        guard var line = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        line.append(UInt8(ascii: "\n"))
        FileHandle.standardError.write(line)
    }

    /// A metadata value as JSONSerialization takes it: a number stays one.
    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let value as any BinaryInteger): NSNumber(value: Int64(clamping: value))
        case .stringConvertible(let value as Double) where value.isFinite: NSNumber(value: value)
        case .stringConvertible(let value): value.description
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }
}
