import AgoraContractCoding
import Foundation
import Testing

/// Dates on the wire: what agora-server writes, the live client reads back to the same second.
@Suite("RFC 3339 dates on the wire")
struct RFC3339DateTranscoderTests {
    let transcoder = RFC3339DateTranscoder()

    @Test("given a date, when encoded, then UTC text to the second, truncated")
    func encodes() throws {
        let date = Date(timeIntervalSince1970: 1_795_701_600.75)  // 2026-11-26T14:00:00.75Z
        #expect(try transcoder.encode(date) == "2026-11-26T14:00:00Z")
        #expect(try transcoder.encode(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    }

    @Test("given dates across a century, when encoded and decoded, then the same second comes back")
    func roundTrips() throws {
        // Every 3,001,307 s (about 35 days, a prime) from 1970 to 2070: leap years, month ends.
        for seconds in stride(from: 0, through: 3_155_760_000, by: 3_001_307) {
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(try transcoder.decode(transcoder.encode(date)) == date)
        }
    }

    @Test("given text with fractional seconds, when decoded, then the fraction is kept")
    func decodesFractions() throws {
        let date = try transcoder.decode("2026-11-26T14:00:00.250Z")
        #expect(date.timeIntervalSince1970 == 1_795_701_600.25)
    }

    @Test("given text that is not a date-time, when decoded, then an error naming the text and the form")
    func refusesOtherText() {
        for text in ["", "2026-11-26", "26/11/2026 14:00", "2026-13-01T00:00:00Z"] {
            #expect {
                try transcoder.decode(text)
            } throws: { error in
                "\(error)".contains("\"\(text)\" is not an RFC 3339 date-time; expected one like 2026-11-23T10:50:49Z.")
            }
        }
    }
}
