import BuyflowReport
import Foundation
import Testing

/// Timestamps are ISO 8601 in UTC with milliseconds and read back exactly.
@Suite struct TimestampTests {
    @Test(arguments: [(Int64, String)]([
        (0, "1970-01-01T00:00:00.000Z"),
        (1_795_953_600_000, "2026-11-29T12:00:00.000Z"),
        (1_795_953_600_007, "2026-11-29T12:00:00.007Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (4_107_542_399_999, "2100-02-28T23:59:59.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-86_400_000 * 365, "1969-01-01T00:00:00.000Z"),
    ]))
    func formatsAndReadsBack(milliseconds: Int64, text: String) {
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        #expect(timestamp.iso8601 == text)
        #expect(Timestamp(iso8601: text) == timestamp)
    }

    @Test func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for milliseconds in stride(from: Int64(-2_000_000_000_000), to: 5_000_000_000_000, by: 123_456_789_123) {
            let timestamp = Timestamp(millisecondsSince1970: milliseconds)
            #expect(timestamp.iso8601 == formatter.string(from: timestamp.date))
            #expect(Timestamp(timestamp.date) == timestamp)
        }
    }

    @Test(arguments: [
        ("2026-11-29T13:00:00.000+01:00", "2026-11-29T12:00:00.000Z"),
        ("2026-11-29T12:00:00Z", "2026-11-29T12:00:00.000Z"),
        ("2026-11-29T12:00:00.5Z", "2026-11-29T12:00:00.500Z"),
        ("2026-11-29T12:00:00.123456Z", "2026-11-29T12:00:00.123Z"),
        ("2026-11-29T06:30:00.000-05:30", "2026-11-29T12:00:00.000Z"),
    ])
    func readsOtherForms(text: String, normalised: String) throws {
        #expect(try #require(Timestamp(iso8601: text)).iso8601 == normalised)
    }

    @Test(arguments: [
        "", "2026-11-29", "2026-11-29 12:00:00Z", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-29T24:00:00Z",
        "2026-11-29T12:00:00.Z", "2026-11-29T12:00:00.000", "2026-11-29T12:00:00.000Zjunk", "٢٠٢٦-11-29T12:00:00Z",
    ])
    func refusesMalformed(text: String) {
        #expect(Timestamp(iso8601: text) == nil)
    }

    @Test func advancesByDurations() {
        let start = Timestamp(millisecondsSince1970: 1000)
        #expect(start.advanced(by: .milliseconds(1500)).millisecondsSince1970 == 2500)
        #expect(start.advanced(by: .microseconds(999)).millisecondsSince1970 == 1000)
    }

    @Test func codableAsISOText() throws {
        let timestamp = Timestamp(millisecondsSince1970: 1_795_953_600_007)
        let data = try JSONEncoder().encode([timestamp])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2026-11-29T12:00:00.007Z\"]")
        #expect(try JSONDecoder().decode([Timestamp].self, from: data) == [timestamp])
    }
}
