import BuyflowCore

extension Document {
    /// Where a node of this document stands, as the project's diagnostics locate things.
    public func sourceLocation(of location: Location) -> SourceLocation {
        location.sourceLocation(in: path)
    }

    /// The operation called `name`; with `nil`, the document's only operation (`nil` when
    /// there are several).
    public func operation(named name: String?) -> OperationDefinition? {
        guard let name else {
            let operations = operations
            return operations.count == 1 ? operations[0] : nil
        }
        for case .operation(let operation) in definitions where operation.name?.value == name {
            return operation
        }
        return nil
    }

    /// The fragment called `name`.
    public func fragment(named name: String) -> FragmentDefinition? {
        for case .fragment(let fragment) in definitions where fragment.name.value == name {
            return fragment
        }
        return nil
    }
}
