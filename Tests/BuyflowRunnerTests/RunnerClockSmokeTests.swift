import BuyflowRunner
import Testing

/// The manual clock moves time by sleeping, never waiting.
@Suite struct RunnerClockSmokeTests {
    @Test func sleepingMovesTimeAndIsRecorded() async throws {
        let clock = ManualRunnerClock()
        try await clock.sleep(for: .milliseconds(200))
        try await clock.sleep(for: .milliseconds(400))
        #expect(clock.now == .milliseconds(600))
        #expect(clock.sleeps == [.milliseconds(200), .milliseconds(400)])
    }
}
