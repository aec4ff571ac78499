import BuyflowCore

/// The tree as a `LocatedValue`, the form `DocumentReader` reads: scalars resolved by the
/// core schema, each with its style and text as written, every node and key located.
extension YAMLNode {
    public var located: LocatedValue {
        var builder = LocatedDocumentBuilder()
        let root = add(to: &builder)
        return builder.finish(root)
    }

    private func add(to builder: inout LocatedDocumentBuilder) -> LocatedDocumentBuilder.Node {
        switch content {
        case .scalar(let scalar):
            return builder.scalar(scalar.resolved.located, text: scalar.text, style: scalar.style.located, at: location, end: endLocation)
        case .sequence(let items):
            let first = builder.pendingCount
            // By index: the items are read in place, not copied.
            for index in items.indices { builder.push(items[index].add(to: &builder)) }
            return builder.list(from: first, at: location, end: endLocation)
        case .mapping(let pairs):
            let first = builder.pendingCount
            for index in pairs.indices {
                let keyText = pairs[index].key.scalar?.text
                builder.push(builder.key(keyText ?? pairs[index].key.description, at: pairs[index].key.location, isScalar: keyText != nil))
                builder.push(pairs[index].value.add(to: &builder))
            }
            return builder.map(from: first, at: location, end: endLocation)
        }
    }
}

extension YAMLScalar.Resolved {
    /// The value as a located document keeps it (a string's value is its text).
    var located: LocatedDocumentBuilder.Scalar {
        switch self {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .int(let int): .int(int)
        case .double(let double): .double(double)
        case .string: .string
        }
    }
}

extension YAMLScalar.Style {
    var located: ScalarStyle {
        switch self {
        case .plain: .plain
        case .singleQuoted: .singleQuoted
        case .doubleQuoted: .doubleQuoted
        case .literal: .literal
        case .folded: .folded
        }
    }
}
