import BuyflowCore

/// The size of an operation, fragments expanded where spread: nesting depth, field
/// selections and aliases. Each selection set is measured once, so nested spreads cost
/// linear time however far they would expand. Counts saturate at `Int.max`.
struct SelectionMetrics {
    var depth = 0
    var fields = 0
    var aliases = 0

    private final class Memo {
        var metrics: [Int: SelectionMetrics] = [:]
    }

    static func measure(_ set: CompiledSelectionSet) -> SelectionMetrics {
        measure(set, memo: Memo())
    }

    private static func measure(_ set: CompiledSelectionSet, memo: Memo) -> SelectionMetrics {
        if let known = memo.metrics[set.id] { return known }
        var result = SelectionMetrics()
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let child = field.selectionSet.map { measure($0, memo: memo) } ?? SelectionMetrics()
                result.depth = max(result.depth, child.depth &+ 1)
                result.fields = add(result.fields, add(child.fields, 1))
                result.aliases = add(result.aliases, add(child.aliases, field.node.alias == nil ? 0 : 1))
            case .fragment(let fragment):
                let child = measure(fragment.selectionSet, memo: memo)
                result.depth = max(result.depth, child.depth)
                result.fields = add(result.fields, child.fields)
                result.aliases = add(result.aliases, child.aliases)
            }
        }
        memo.metrics[set.id] = result
        return result
    }

    private static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }

    /// The first limit of `options` this operation exceeds, as a request error.
    func limitError(_ options: ExecutionOptions, at location: Location) -> GraphQLError? {
        let locations = GraphQLError.Location(location).map { [$0] } ?? []
        func error(_ message: String, _ code: String) -> GraphQLError {
            GraphQLError(message, locations: locations, extensions: JSONObject([("code", .string(code))]))
        }
        if depth > options.maxDepth {
            return error("The operation is nested \(depth) fields deep, more than the maximum of \(options.maxDepth).", "MAX_DEPTH_EXCEEDED")
        }
        if aliases > options.maxAliases {
            return error("The operation has \(describe(aliases)) aliases, more than the maximum of \(options.maxAliases).", "MAX_ALIASES_EXCEEDED")
        }
        if fields > options.maxFields {
            return error("The operation selects \(describe(fields)) fields (fragments expanded), more than the maximum of \(options.maxFields).", "MAX_FIELDS_EXCEEDED")
        }
        return nil
    }

    private func describe(_ count: Int) -> String { count == .max ? "too many" : String(count) }
}
