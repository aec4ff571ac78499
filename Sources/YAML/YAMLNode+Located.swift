import BuyflowCore

/// The tree as a `LocatedValue`, the form `DocumentReader` reads: scalars resolved by the
/// core schema, each with its style and text as written, every node and key located.
extension YAMLNode {
    public var located: LocatedValue {
        switch content {
        case .scalar(let scalar):
            let resolved: LocatedValue.Content = switch scalar.resolved {
            case .null: .null
            case .bool(let bool): .bool(bool)
            case .int(let int): .int(int)
            case .double(let double): .double(double)
            case .string: .string(scalar.text)
            }
            return LocatedValue(resolved, at: location, end: endLocation, style: scalar.style.located, text: scalar.text)
        case .sequence(let items):
            var values: [LocatedValue] = []
            values.reserveCapacity(items.count)
            // By index: the items are read in place, not copied.
            for index in items.indices { values.append(items[index].located) }
            return LocatedValue(.list(values), at: location, end: endLocation)
        case .mapping(let pairs):
            var members: [LocatedMember] = []
            members.reserveCapacity(pairs.count)
            for index in pairs.indices { members.append(Self.member(pairs[index])) }
            return LocatedValue(.map(members), at: location, end: endLocation)
        }
    }

    private static func member(_ pair: borrowing YAMLPair) -> LocatedMember {
        let keyText = pair.key.scalar?.text
        return LocatedMember(
            key: keyText ?? pair.key.description, at: pair.key.location, value: pair.value.located,
            keyIsScalar: keyText != nil
        )
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
