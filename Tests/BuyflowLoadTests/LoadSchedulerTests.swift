import BuyflowLoad
import Synchronization
import Testing

/// What a simulated schedule did: each iteration's VU, number and virtual start time.
final class ScheduleLog: Sendable {
    struct Entry: Sendable, Hashable {
        var iteration: VUIteration
        var start: Duration
        var activeVUs: Int
    }

    private let entries = Mutex<[Entry]>([])
    var all: [Entry] { entries.withLock { $0 } }
    func add(_ entry: Entry) { entries.withLock { $0.append(entry) } }
}

/// Runs `plan` on a virtual clock, each iteration taking `iterationTime` of virtual time.
func simulate(
    _ plan: LoadPlan, iterationTime: Duration, failEvery: Int = 0, pause: Duration? = nil
) async -> (log: ScheduleLog, progress: LoadProgress, clock: VirtualLoadClock) {
    let clock = VirtualLoadClock()
    let log = ScheduleLog()
    let scheduler = LoadScheduler(plan: plan, clock: clock)
    let progress = scheduler.progress
    await scheduler.run { iteration in
        log.add(.init(iteration: iteration, start: clock.now, activeVUs: progress.activeVUs))
        try? await clock.sleep(for: iterationTime)
        let failed = failEvery > 0 && iteration.index % failEvery == 0
        return IterationOutcome(failed: failed, pause: pause)
    }
    return (log, progress, clock)
}

@Suite struct LoadSchedulerTests {
    @Test func closedModelRunsExactlyTheIterationsAcrossTheVUs() async {
        let (log, progress, clock) = await simulate(LoadPlan(vus: 4, iterations: 10), iterationTime: .milliseconds(100), failEvery: 5)
        let entries = log.all
        #expect(entries.count == 10)
        #expect(Set(entries.map(\.iteration.index)) == Set(0..<10))
        #expect(Set(entries.map(\.iteration.vu)) == [1, 2, 3, 4])
        #expect(progress.iterationsCompleted == 10)
        #expect(progress.iterationsFailed == 2)
        #expect(progress.peakVUs == 4)
        // 10 iterations on 4 VUs of 100 ms each: 3 rounds.
        #expect(clock.now == .milliseconds(300))
        // Each VU counts its own iterations from 0.
        for vu in 1...4 {
            let own = entries.filter { $0.iteration.vu == vu }.map(\.iteration.vuIteration)
            #expect(own == Array(0..<own.count))
        }
    }

    @Test func closedModelStopsStartingIterationsWhenTheDurationEnds() async {
        let (log, progress, clock) = await simulate(LoadPlan(vus: 5, duration: .seconds(1)), iterationTime: .milliseconds(300))
        // Starts at 0, 300, 600, 900 ms on each VU: 4 × 5; the last ones end at 1.2 s.
        #expect(log.all.count == 20)
        #expect(progress.iterationsCompleted == 20)
        #expect(clock.now == .milliseconds(1200))
        #expect(log.all.allSatisfy { $0.start < .seconds(1) })
    }

    @Test func iterationsAndDurationWhicheverEndsFirst() async {
        let byCount = await simulate(LoadPlan(vus: 2, duration: .seconds(10), iterations: 6), iterationTime: .milliseconds(100))
        #expect(byCount.log.all.count == 6)
        #expect(byCount.clock.now == .milliseconds(300))
        let byTime = await simulate(LoadPlan(vus: 2, duration: .milliseconds(250), iterations: 100), iterationTime: .milliseconds(100))
        #expect(byTime.log.all.count == 6)
    }

    @Test func rampUpStartsVUsLinearly() async {
        let plan = LoadPlan(vus: 4, duration: .seconds(2), rampUp: .seconds(1))
        let (log, progress, _) = await simulate(plan, iterationTime: .milliseconds(100))
        let entries = log.all
        for vu in 1...4 {
            let first = entries.filter { $0.iteration.vu == vu }.map(\.start).min()
            #expect(first == .milliseconds(250 * (vu - 1)), "VU \(vu)")
        }
        // VUs active over time: 1 at 0.1 s, 2 at 0.3 s, 3 at 0.6 s, 4 from 0.75 s on.
        func active(at time: Duration) -> Int? { entries.last { $0.start <= time }?.activeVUs }
        #expect(active(at: .milliseconds(100)) == 1)
        #expect(active(at: .milliseconds(300)) == 2)
        #expect(active(at: .milliseconds(600)) == 3)
        #expect(active(at: .milliseconds(1500)) == 4)
        // Iterations: VU k runs (2 s − 250 ms × (k − 1)) / 100 ms of them.
        let expected = 20 + 18 + 15 + 13
        #expect(entries.count == expected)
        #expect(progress.peakVUs == 4)
    }

    @Test func aPauseDelaysTheVUsNextIteration() async {
        let (log, _, _) = await simulate(LoadPlan(vus: 1, duration: .seconds(1)), iterationTime: .milliseconds(100), pause: .milliseconds(400))
        #expect(log.all.map(\.start) == [.zero, .milliseconds(500)])
    }

    @Test func openModelStartsIterationsAtTheArrivalRate() async {
        let plan = LoadPlan(vus: 1, duration: .seconds(2), arrivalRate: 50, maxVus: 20)
        let (log, progress, _) = await simulate(plan, iterationTime: .milliseconds(90))
        let starts = log.all.map(\.start).sorted()
        #expect(starts.count == 100)
        #expect(starts == (0..<100).map { Duration.milliseconds(20 * $0) })
        #expect(progress.iterationsDropped == 0)
        // 90 ms per iteration at 50/s keeps 5 VUs busy.
        #expect(progress.peakVUs == 5)
        #expect(Set(log.all.map(\.iteration.vu)) == Set(1...5))
    }

    @Test func openModelDropsIterationsWhenEveryVUIsBusy() async {
        // 100/s for 1 s, each iteration 45 ms on at most 2 VUs: arrivals every 10 ms, so
        // 2 of every 5 run and 3 are dropped.
        let plan = LoadPlan(vus: 1, duration: .seconds(1), arrivalRate: 100, maxVus: 2)
        let (log, progress, _) = await simulate(plan, iterationTime: .milliseconds(45))
        #expect(log.all.count + progress.iterationsDropped == 100)
        #expect(log.all.count == 40)
        #expect(progress.iterationsDropped == 60)
        #expect(progress.peakVUs == 2)
    }

    @Test func openModelWithAnIterationLimit() async {
        let plan = LoadPlan(vus: 1, iterations: 7, arrivalRate: 10, maxVus: 3)
        let (log, _, clock) = await simulate(plan, iterationTime: .milliseconds(10))
        #expect(log.all.count == 7)
        #expect(clock.now == .milliseconds(610))
    }

    @Test func stoppingEndsTheRunEarly() async {
        let clock = VirtualLoadClock()
        let scheduler = LoadScheduler(plan: LoadPlan(vus: 3, duration: .seconds(60)), clock: clock)
        let progress = scheduler.progress
        await scheduler.run { iteration in
            try? await clock.sleep(for: .milliseconds(100))
            if iteration.index == 20 { progress.stop() }
            return IterationOutcome(failed: false)
        }
        #expect(progress.iterationsCompleted < 30)
        #expect(clock.now < .seconds(1))
    }
}
