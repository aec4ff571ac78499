/// NoUnusedFragments (spec 5.5.1.4): every fragment is spread by an operation, directly
/// or through other fragments.
extension ValidationRun {
    /// `used[i]`: fragment `i` is reached from some operation.
    mutating func checkUnusedFragments(used: [Bool]) {
        guard rules.contains(.noUnusedFragments) else { return }
        for (index, fragment) in fragments.enumerated() {
            let definition = fragmentByName[fragment.name.value]!
            if used[definition] || used[index] { continue }
            report(
                .noUnusedFragments, "fragment '\(fragment.name.value)' is never used", at: fragment.location,
                hint: "spread it with '...\(fragment.name.value)' or remove it", event: .documentEnd
            )
        }
    }
}
