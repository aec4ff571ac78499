/// NoFragmentCycles (spec 5.5.2.2): fragments do not spread themselves, directly or
/// through other fragments. Like graphql-js: a depth-first search from each fragment in
/// document order, each fragment name searched once, so every cycle is reported once.
extension ValidationRun {
    mutating func checkFragmentCycles() {
        guard rules.contains(.noFragmentCycles), !fragments.isEmpty else { return }
        var search = CycleSearch()
        for index in fragments.indices { search.visit(index, run: &self) }
    }

    private struct CycleSearch {
        var visited: Set<String> = []
        /// The spreads from the fragment where the search started to here, with the
        /// fragment each one is in.
        var path: [(spread: SpreadRecord, owner: Int)] = []
        /// The name of a fragment on the path → where its spreads start in `path`.
        var pathIndex: [String: Int] = [:]

        mutating func visit(_ fragment: Int, run: inout ValidationRun) {
            let name = run.fragments[fragment].name.value
            guard visited.insert(name).inserted else { return }
            let spreads = run.fragmentRecords[fragment].spreads
            guard !spreads.isEmpty else { return }
            pathIndex[name] = path.count
            for spread in spreads {
                if run.aborted { return }
                path.append((spread, fragment))
                if let start = pathIndex[spread.name] {
                    report(cycle: path[start...], searchedFrom: path[0].owner, run: &run)
                } else if spread.fragment >= 0 {
                    visit(spread.fragment, run: &run)
                }
                path.removeLast()
            }
            pathIndex[name] = nil
        }

        /// Reports a cycle found by the search from fragment `origin` (graphql-js reports it
        /// on entering that fragment).
        private func report(
            cycle: ArraySlice<(spread: SpreadRecord, owner: Int)>, searchedFrom origin: Int, run: inout ValidationRun
        ) {
            let target = cycle.last!.spread.name
            let via = cycle.dropLast().map(\.spread.name)
            var message = "cannot spread fragment '\(target)' within itself"
            if !via.isEmpty { message += " via \(ValidationRun.quotedList(via, conjunction: "and", limit: .max))" }
            let notes = cycle.dropFirst().map { step in
                run.note(
                    "'\(run.fragments[step.owner].name.value)' spreads '\(step.spread.name)' here", at: step.spread.location
                )
            }
            run.report(
                .noFragmentCycles, message, at: cycle.first!.spread.location, notes: notes,
                hint: "fragments must not form cycles: the selection would never end",
                event: .enter(run.fragments[origin].location)
            )
        }
    }
}
