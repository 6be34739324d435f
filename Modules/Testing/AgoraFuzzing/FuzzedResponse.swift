import Foundation

/// An HTTP answer read from fuzz input, in a form a person can write as a seed:
///
///     200 application/json
///     {"items":[],"nextCursor":null}
///
/// The first line is the status and the Content-Type (none when the line has only a status);
/// the rest is the body. Any bytes mean some answer: a status that is not a number from 100 to
/// 599 is 200, and an input with no line break is a status line with no body.
public struct FuzzedResponse: Sendable, Equatable {
    public let status: Int
    public let contentType: String?
    public let body: [UInt8]?

    public init(_ input: [UInt8]) {
        let lineEnd = input.firstIndex(of: UInt8(ascii: "\n"))
        let header = String(decoding: input[..<(lineEnd ?? input.endIndex)], as: UTF8.self)
        let digits = header.prefix(while: { $0.isASCII && $0.isNumber }).prefix(3)
        status = Int(digits).flatMap { (100...599).contains($0) ? $0 : nil } ?? 200
        let type = header.dropFirst(digits.count).trimmingCharacters(in: .whitespaces)
        contentType = type.isEmpty ? nil : type
        body = lineEnd.map { Array(input[input.index(after: $0)...]) }
    }

    /// Whether the status says the request succeeded.
    public var isSuccess: Bool { (200...299).contains(status) }
}
