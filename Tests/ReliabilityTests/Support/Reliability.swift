import Foundation
import Testing

/// The reliability suites drive many `buyflow` processes under faults, signals and hostile
/// input for half a minute on both cores; run beside the rest of `swift test` they starve
/// its timing-bound tests. They run on their own, as CI does:
///
///     BUYFLOW_RELIABILITY=1 swift test --filter ReliabilityTests
enum Reliability {
    static let enabled = ProcessInfo.processInfo.environment["BUYFLOW_RELIABILITY"] == "1"
    static let why: Comment = "run apart with BUYFLOW_RELIABILITY=1 swift test --filter ReliabilityTests"
}
