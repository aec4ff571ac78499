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

    @Test("whole milliseconds: truncated toward zero, clamped to Int", arguments: [
        (Duration.milliseconds(250), 250), (.microseconds(1_500), 1), (.microseconds(999), 0), (.zero, 0),
        (.milliseconds(-5), -5), (.microseconds(-1_500), -1), (.seconds(86_400), 86_400_000),
        (.seconds(Int64.max), Int.max), (.seconds(Int64.min), Int.min),
    ])
    func wholeMilliseconds(duration: Duration, milliseconds: Int) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }
}
