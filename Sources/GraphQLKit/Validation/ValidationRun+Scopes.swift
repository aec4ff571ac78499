/// After the walk: what each operation reaches through fragments. Drives the rules about
/// variables (a fragment's variables are the operation's) and NoUnusedFragments.
extension ValidationRun {
    mutating func checkOperationScopes() {
        let checksVariables = rules.contains(.noUndefinedVariables) || rules.contains(.noUnusedVariables)
            || rules.contains(.variablesInAllowedPosition) || rules.contains(.valuesOfCorrectType)
        var used = [Bool](repeating: false, count: fragments.count)
        var stamp = [Int](repeating: -1, count: fragments.count)
        var reached: [Int] = []
        for (index, operation) in operationRecords.enumerated() {
            if aborted { return }
            // The fragments the operation spreads, directly or not (each once).
            reached.removeAll(keepingCapacity: true)
            for spread in operation.definition.spreads where spread.fragment >= 0 && stamp[spread.fragment] != index {
                stamp[spread.fragment] = index
                reached.append(spread.fragment)
            }
            var next = 0
            while next < reached.count {
                for spread in fragmentRecords[reached[next]].spreads
                where spread.fragment >= 0 && stamp[spread.fragment] != index {
                    stamp[spread.fragment] = index
                    reached.append(spread.fragment)
                }
                next += 1
            }
            for fragment in reached { used[fragment] = true }
            if checksVariables { checkVariables(of: operation, reaching: reached) }
        }
        if !aborted { checkUnusedFragments(used: used) }
    }

    /// Every usage of a variable in the operation and the fragments it reaches against
    /// the operation's variable definitions.
    private mutating func checkVariables(of operation: OperationRecord, reaching reached: [Int]) {
        let variables = operation.variables
        var usedVariables = [Bool](repeating: false, count: variables.count)
        func visit(_ usages: [VariableUsage], _ run: inout ValidationRun) {
            for usage in usages {
                guard let index = variables.lastIndex(where: { $0.name == usage.name }) else {
                    run.reportUndefinedVariable(usage, in: operation)
                    continue
                }
                usedVariables[index] = true
                let variable = variables[index]
                if let variableType = variable.type {
                    if let type = usage.type { run.checkVariablePosition(usage, expecting: type, variable, variableType, in: operation) }
                    if let oneOf = usage.oneOfType, !variableType.isNonNull {
                        run.reportNullableOneOfVariable(usage, variable, variableType, oneOf: oneOf)
                    }
                }
            }
        }
        visit(operation.definition.usages, &self)
        for fragment in reached { visit(fragmentRecords[fragment].usages, &self) }
        for (index, variable) in variables.enumerated() {
            let definition = variables.lastIndex { $0.name == variable.name } ?? index
            if !usedVariables[definition] { reportUnusedVariable(variable, in: operation) }
        }
    }
}
