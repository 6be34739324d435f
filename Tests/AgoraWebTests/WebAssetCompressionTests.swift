import CompressNIO
import NIOCore
import Testing

@testable import AgoraWeb

@Suite("agora-web's assets: compressed for a browser that accepts gzip")
struct WebAssetCompressionTests {
    @Test(
        "given an Accept-Encoding, then whether it accepts gzip, as RFC 9110 weighs codings",
        arguments: [
            ("gzip", true), ("gzip, deflate, br, zstd", true), ("GZIP", true), ("br;q=1.0, gzip;q=0.8", true),
            (" deflate ,\tgzip ; q=0.5 ", true), ("*", true), ("*;q=0.1", true), ("br, *", true),
            ("", false), ("identity", false), ("br, deflate", false), ("gzip;q=0", false), ("gzip; Q=0.000", false),
            ("gzip;q=0., *", false), ("*;q=0", false), ("x-gzip", true), ("gzipped", false), ("gzip;q=0.001", true),
        ])
    func acceptance(field: String, accepts: Bool) {
        #expect(AcceptEncoding.accepts("gzip", in: field) == accepts, "\(field)")
    }

    @Test("given the style sheet and the script, when compressed at start, then each is smaller and decompresses to the file as written")
    func compressedRoundTrip() throws {
        for (text, type) in [(PageAssets.styleSheet, "text/css"), (PageAssets.script, "text/javascript")] {
            let asset = WebAsset(text, contentType: type)
            let compressed = try #require(asset.compressed)

            var body = compressed.body
            let restored = try body.decompress(with: .gzip())

            #expect(String(buffer: restored) == "\(text)")
            #expect(
                compressed.body.readableBytes * 2 < asset.plain.body.readableBytes,
                "\(type): \(compressed.body.readableBytes) of \(asset.plain.body.readableBytes) bytes")
            #expect(compressed.entityTag != asset.plain.entityTag, "each form has its own tag")
            #expect(asset.representation(accepting: "gzip, br").encoding == "gzip")
            #expect(asset.representation(accepting: "").encoding == nil)
        }
    }
}
