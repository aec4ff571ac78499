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

        /// The search from `start`, with a stack of its own: a chain of thousands of
        /// fragments is no deeper for the thread than one.
        mutating func visit(_ start: Int, run: inout ValidationRun) {
            // Each entered fragment and the index of its next spread to follow.
            var stack: [(fragment: Int, next: Int)] = []
            func enter(_ fragment: Int) {
                let name = run.fragments[fragment].name.value
                guard visited.insert(name).inserted, !run.fragmentRecords[fragment].spreads.isEmpty else { return }
                pathIndex[name] = path.count
                stack.append((fragment, 0))
            }
            enter(start)
            while let top = stack.last {
                if run.aborted { return }
                let spreads = run.fragmentRecords[top.fragment].spreads
                guard top.next < spreads.count else {
                    // Every spread of this fragment followed: back to the one that spread it.
                    pathIndex[run.fragments[top.fragment].name.value] = nil
                    stack.removeLast()
                    if !path.isEmpty, !stack.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let spread = spreads[top.next]
                path.append((spread, top.fragment))
                if let cycleStart = pathIndex[spread.name] {
                    report(cycle: path[cycleStart...], searchedFrom: path[0].owner, run: &run)
                } else if spread.fragment >= 0 {
                    let depth = stack.count
                    enter(spread.fragment)
                    if stack.count > depth { continue }  // entered: its spreads come next
                }
                path.removeLast()
            }
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
