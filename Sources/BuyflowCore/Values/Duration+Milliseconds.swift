extension Duration {
    /// The duration in whole milliseconds, truncated toward zero and clamped to `Int`'s
    /// range (for APIs that count milliseconds: libcurl's timeouts, Storefront's
    /// `pollDelay`).
    public var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? Int.min : Int.max }
        let (sum, sumOverflow) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if sumOverflow { return seconds < 0 ? Int.min : Int.max }
        return Int(clamping: sum)
    }
}
