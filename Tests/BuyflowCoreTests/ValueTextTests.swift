import BuyflowCore
import Testing

/// Durations, proportions and rates as users write them.
@Suite struct ValueTextTests {
    @Test(arguments: [
        ("250ms", Duration.milliseconds(250)), ("1.5s", .milliseconds(1500)), ("2m", .seconds(120)), ("1h", .seconds(3600)),
        ("800us", .microseconds(800)), ("800µs", .microseconds(800)), ("0", .zero), (" 10s ", .seconds(10)),
    ])
    func durations(text: String, expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(arguments: ["", "10", "fast", "-1s", "10 seconds", "1.s", "s", "10sec"])
    func notDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    /// Well-formed but past a year, or past `Int`'s nanoseconds: refused, never a trap.
    @Test(arguments: ["8761h", "4611686019s", "9999999999s", "99999999999999h", "999999999999999m", "9999999.5h"])
    func durationsTooLong(text: String) {
        #expect(DurationText.parse(text) == nil)
        #expect(DurationText.read(text) == .tooLong)
    }

    @Test func durationsAtTheLimit() {
        #expect(DurationText.parse(DurationText.maximumText) == DurationText.maximum)
        #expect(DurationText.read("10s") == .duration(.seconds(10)))
        #expect(DurationText.read("soon") == .invalid)
    }

    /// Numbers from templates and servers: nil or saturated, never a trap.
    @Test(arguments: [Double.infinity, -.infinity, .nan, -1, 1e300, 9.3e18])
    func millisecondsOutOfRange(number: Double) {
        #expect(DurationText.milliseconds(number) == nil)
        if number.isFinite, number > 0 { #expect(DurationText.seconds(number, atMost: .seconds(60)) == .seconds(60)) }
        if !number.isFinite || number < 0 { #expect(DurationText.seconds(number) == nil) }
    }

    @Test func millisecondsInRange() {
        #expect(DurationText.milliseconds(250) == .milliseconds(250))
        #expect(DurationText.milliseconds(0.5) == .microseconds(500))
        #expect(DurationText.seconds(1.5) == .milliseconds(1500))
    }

    @Test(arguments: [("0.1", 0.1), ("10%", 0.1), ("0", 0.0), ("1", 1.0), ("100%", 1.0), (" 25 % ", 0.25)])
    func proportions(text: String, expected: Double) {
        #expect(RateText.proportion(text) == expected)
    }

    @Test(arguments: ["1.5", "101%", "-0.1", "ten", "", "nan"])
    func notProportions(text: String) {
        #expect(RateText.proportion(text) == nil)
    }

    @Test(arguments: [("50/s", 50.0), ("600/m", 10.0), ("30/min", 0.5), ("5", 5.0), ("2.5/second", 2.5)])
    func rates(text: String, expected: Double) {
        #expect(RateText.perSecond(text) == expected)
    }

    @Test func bareRatesCanBeRefused() {
        #expect(RateText.perSecond("50", bareMeansPerSecond: false) == nil)
        #expect(RateText.perSecond("0/s") == nil)
        #expect(RateText.perSecond("5/h") == nil)
    }

    @Test(arguments: [("12", 12, 0), ("-3.5", -35, 1), ("0.075", 75, 3), ("160.20", 16020, 2)])
    func decimals(text: String, units: Int, scale: Int) throws {
        let number = try #require(DecimalNumber(text))
        #expect(number.units == units)
        #expect(number.scale == scale)
        #expect(number.description == text)
    }

    /// Products past `Int` saturate and rounding never overflows (amounts from requests).
    @Test func decimalArithmeticAtTheBounds() throws {
        let rate = try #require(DecimalNumber("1.5"))
        #expect(rate.times(Int.max) == Int.max / 10 + 1)
        #expect(rate.times(Int.min) == Int.min / 10 - 1)
        #expect(rate.times(3) == 5)
        #expect(rate.percent(of: 1_000) == 15)
        #expect(DecimalNumber.divideRounding(Int.max, by: 2) == Int.max / 2 + 1)
        #expect(DecimalNumber.divideRounding(-5, by: 10) == -1)
        #expect(DecimalNumber.divideRounding(4, by: 10) == 0)
        #expect(DecimalNumber.divideRounding(Int.min, by: 3) == Int.min / 3 - 1)
    }

    @Test("whole milliseconds: truncated toward zero, clamped to Int", arguments: [
        (Duration.milliseconds(250), 250), (.microseconds(1_500), 1), (.microseconds(999), 0), (.zero, 0),
        (.milliseconds(-5), -5), (.microseconds(-1_500), -1), (.seconds(86_400), 86_400_000),
        (.seconds(Int64.max), Int.max), (.seconds(Int64.min), Int.min),
    ])
    func wholeMilliseconds(duration: Duration, milliseconds: Int) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }
}
