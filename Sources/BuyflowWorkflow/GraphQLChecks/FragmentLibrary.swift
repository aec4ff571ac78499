import BuyflowCore
import GraphQLKit

/// The fragments of the workflow's `documents:` files, lent to a step's operation.
///
/// Validation needs one document, whose diagnostics carry one path; so the fragments an
/// operation uses are copied into its document with their locations moved past the
/// operation text, `lineStride` lines per file (file `k` starts at line
/// `(k + 1) * lineStride`), and `origin(line:column:)` moves them back.
struct FragmentLibrary {
    /// The lines reserved for each file: more than any operation text or documents file has.
    static let lineStride = 1 << 20

    private let documents: [Document]
    /// Each file's shift; bytes too, so the validator's byte offsets stay distinct.
    private let shifts: [LocationShift]
    /// A fragment's name → the first file defining it and the definition.
    private let index: [String: (document: Int, definition: FragmentDefinition)]

    /// - Parameters:
    ///   - documents: Parsed `documents:` files (their `path` is where diagnostics point).
    ///   - textBytes: The UTF-8 length of the operation text the fragments join.
    init(_ documents: [Document], textBytes: Int) {
        self.documents = documents
        var shifts: [LocationShift] = []
        var index: [String: (document: Int, definition: FragmentDefinition)] = [:]
        var bytes = textBytes + 1
        for (number, document) in documents.enumerated() {
            shifts.append(LocationShift(lines: Int32((number + 1) * Self.lineStride), bytes: Int32(clamping: bytes)))
            bytes += Int(document.definitions.map(\.location.end).max() ?? 0) + 1
            for fragment in document.fragments where index[fragment.name.value] == nil {
                index[fragment.name.value] = (number, fragment)
            }
        }
        self.shifts = shifts
        self.index = index
    }

    /// The fragments `definitions` spread, directly or through other fragments, that they
    /// do not define themselves: moved, in the order first needed.
    func fragments(neededBy definitions: [Definition]) -> [FragmentDefinition] {
        var defined = Set(definitions.compactMap { if case .fragment(let node) = $0 { node.name.value } else { nil } })
        var pending: [String] = []
        for definition in definitions {
            switch definition {
            case .operation(let node): Self.spreads(in: node.selectionSet, into: &pending)
            case .fragment(let node): Self.spreads(in: node.selectionSet, into: &pending)
            default: break
            }
        }
        var result: [FragmentDefinition] = []
        while !pending.isEmpty {
            let name = pending.removeFirst()
            guard !defined.contains(name), let (number, fragment) = index[name] else { continue }
            defined.insert(name)
            result.append(shifts[number].fragment(fragment))
            Self.spreads(in: fragment.selectionSet, into: &pending)
        }
        return result
    }

    /// Where a line and column of the combined document really are: in a documents
    /// file, or `nil` for the operation text itself.
    func origin(line: Int, column: Int) -> SourceLocation? {
        let number = line / Self.lineStride - 1
        guard number >= 0, number < documents.count else { return nil }
        return SourceLocation(file: documents[number].path, line: line % Self.lineStride, column: column)
    }

    /// The names of the fragments spread in a selection set, at any depth.
    private static func spreads(in set: SelectionSet, into names: inout [String]) {
        for selection in set.selections {
            switch selection {
            case .field(let field): if let nested = field.selectionSet { spreads(in: nested, into: &names) }
            case .fragmentSpread(let spread): names.append(spread.name.value)
            case .inlineFragment(let fragment): spreads(in: fragment.selectionSet, into: &names)
            }
        }
    }
}
