import CompressNIO
import HTTPTypes
import Hummingbird

/// One of the app's own files (``PageAssets``): the same for every session, so a browser keeps
/// it and asks each time whether it changed (`no-cache` with an `ETag`): the answer is a body-less
/// 304 until a new build's file differs, which is then used at once. Sent gzip-compressed to a
/// browser that accepts it (every one does), compressed once when the app starts.
struct WebAsset: Sendable {
    /// One form of the file: as written, or compressed.
    struct Representation: Sendable {
        let body: ByteBuffer
        /// The entity tag: a digest of the file, the same in every process that serves it, so a
        /// browser behind a proxy that spreads it over several gets its 304 from any; each form
        /// has its own, as RFC 9110 asks of a strong tag.
        let entityTag: String
        /// `gzip`, or `nil` as written.
        let encoding: String?
    }

    let contentType: String
    let plain: Representation
    /// `nil` when compressing would not make it smaller.
    let compressed: Representation?

    init(_ text: StaticString, contentType: String) {
        self.contentType = contentType
        let body = "\(text)"
        let digest = Self.digest(of: body)
        let bytes = ByteBuffer(string: body)
        plain = Representation(body: bytes, entityTag: "\"\(digest)\"", encoding: nil)
        var input = bytes
        if let gzip = try? input.compress(with: .gzip(configuration: .init(compressionLevel: .bestCompression))), gzip.readableBytes < bytes.readableBytes {
            compressed = Representation(body: gzip, entityTag: "\"\(digest)-gzip\"", encoding: "gzip")
        } else {
            compressed = nil
        }
    }

    /// The form for `request` (compressed when its `Accept-Encoding` allows gzip); 304 when the
    /// browser holds it (`If-None-Match` names its tag, or `*`), the body otherwise.
    func response(to request: Request) -> Response {
        let representation = self.representation(accepting: request.headers[values: .acceptEncoding].joined(separator: ","))
        var headers: HTTPFields = [
            .cacheControl: "no-cache", .eTag: representation.entityTag, .vary: "Accept-Encoding", .init("X-Content-Type-Options")!: "nosniff",
        ]
        if let encoding = representation.encoding { headers[.contentEncoding] = encoding }
        if let held = request.headers[.ifNoneMatch],
            Self.tags(in: held).contains(where: { $0 == "*" || Self.weakCompare($0, representation.entityTag) })
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: representation.body))
    }

    /// The form for a request whose `Accept-Encoding` is `field` (empty when it sent none).
    func representation(accepting field: String) -> Representation {
        guard let compressed, AcceptEncoding.accepts("gzip", in: field) else { return plain }
        return compressed
    }

    /// The tags of an `If-None-Match` list (`"a", W/"b"`), as written.
    static func tags(in field: String) -> [Substring] {
        field.split(separator: ",").map { part in
            let start = part.firstIndex { $0 != " " && $0 != "\t" } ?? part.endIndex
            let end = part.lastIndex { $0 != " " && $0 != "\t" }.map { part.index(after: $0) } ?? start
            return part[start..<end]
        }
    }

    /// RFC 9110's weak comparison, which `If-None-Match` uses: the opaque tags match, a `W/`
    /// prefix aside.
    static func weakCompare(_ tag: Substring, _ other: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return opaque(tag) == opaque(Substring(other))
    }

    /// FNV-1a over the body's bytes, in hexadecimal: stable across processes and builds, which
    /// Swift's `Hasher` is not; a tag names a version, it guards nothing.
    static func digest(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
