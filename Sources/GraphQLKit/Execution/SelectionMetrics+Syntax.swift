extension SelectionMetrics {
    /// The document's fields, aliases and nesting as written, fragments not expanded:
    /// never more than any of its valid operations expand to, so a document past a limit
    /// by this count is refused before validation spends time on it.
    static func measure(syntaxOf document: Document) -> SelectionMetrics {
        var total = SelectionMetrics()
        for definition in document.definitions {
            let set: SelectionSet
            switch definition {
            case .operation(let operation): set = operation.selectionSet
            case .fragment(let fragment): set = fragment.selectionSet
            default: continue
            }
            let metrics = measure(syntaxOf: set)
            total.depth = max(total.depth, metrics.depth)
            total.fields = total.fields &+ metrics.fields
            total.aliases = total.aliases &+ metrics.aliases
        }
        return total
    }

    private static func measure(syntaxOf set: SelectionSet) -> SelectionMetrics {
        var result = SelectionMetrics()
        for selection in set.selections {
            switch selection {
            case .field(let field):
                result.fields &+= 1
                if field.alias != nil { result.aliases &+= 1 }
                result.depth = max(result.depth, 1)
                if let child = field.selectionSet.map({ measure(syntaxOf: $0) }) {
                    result.depth = max(result.depth, child.depth &+ 1)
                    result.fields &+= child.fields
                    result.aliases &+= child.aliases
                }
            case .inlineFragment(let fragment):
                let child = measure(syntaxOf: fragment.selectionSet)
                result.depth = max(result.depth, child.depth)
                result.fields &+= child.fields
                result.aliases &+= child.aliases
            case .fragmentSpread:
                continue
            }
        }
        return result
    }
}

extension Executor {
    /// The first execution limit the document breaks as written (before fragments are
    /// expanded), as a request error: a server checks this before validating.
    public func syntaxLimitError(_ document: Document) -> GraphQLError? {
        let location = document.definitions.first?.location ?? .synthesized
        return SelectionMetrics.measure(syntaxOf: document).limitError(options, at: location)
    }
}
