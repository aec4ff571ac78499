/// OverlappingFieldsCanBeMerged (spec 5.3.2, "Field Selection Merging"): fields with the
/// same response name merge unambiguously. Where their parent types can be the same
/// object, they must be the same field with the same arguments; for any parents, their
/// types must have the same shape (lists, non-null, leaf types), recursively through
/// their subfields and the fragments spread in them.
///
/// graphql-js's algorithm: each selection set's fields compared among themselves, with
/// the fragments it spreads and the fragments with each other; the fields and fragments
/// come from `MergeGraph` and every pair of fragments is compared once (per mutual
/// exclusivity). Unlike graphql-js, a conflict found both in an inline fragment and in
/// the selection set around it is reported once.
extension ValidationRun {
    mutating func checkFieldMerging() {
        guard buildsMergeGraph, !merge.sets.isEmpty else { return }
        var merger = FieldMerger(schema: schema, graph: merge, fragmentSets: fragmentRecords.map(\.rootSet))
        var conflicts: [FieldMerger.Conflict] = []
        for (set, fieldSet) in merge.sets.enumerated() {
            if aborted { return }
            // Nothing to compare in a set of one field without fragments.
            if fieldSet.fragments.isEmpty, fieldSet.fields.count < 2 { continue }
            merger.collectConflicts(within: Int32(set), into: &conflicts)
            for conflict in conflicts { reportConflict(conflict, foundIn: fieldSet.location) }
            conflicts.removeAll(keepingCapacity: true)
        }
    }

    private mutating func reportConflict(_ conflict: FieldMerger.Conflict, foundIn set: Location) {
        let fields = merge.fields
        let first = fields[Int(conflict.fields1[0])], second = fields[Int(conflict.fields2[0])]
        var notes = [note("'\(conflict.responseKey)' is also selected here", at: first.location)]
        for index in conflict.fields1.dropFirst() + conflict.fields2.dropFirst() {
            let field = fields[Int(index)]
            notes.append(note("subfield '\(field.responseKey)' is selected here", at: field.location))
        }
        report(
            .overlappingFieldsCanBeMerged,
            "fields '\(conflict.responseKey)' conflict because \(describe(conflict.reason)); use different aliases",
            at: second.location, notes: notes, event: .enter(set)
        )
    }

    private func describe(_ reason: FieldMerger.Reason) -> String {
        switch reason {
        case .differentFields(let a, let b):
            return "they select different fields ('\(a)' and '\(b)')"
        case .differentArguments(let a, let b):
            return "they have different arguments (\(describeArguments(a)) and \(describeArguments(b)))"
        case .conflictingTypes(let a, let b):
            return "they return conflicting types '\(schema.describe(a))' and '\(schema.describe(b))'"
        case .subfields(let conflicts):
            return conflicts.map { "subfields '\($0.responseKey)' conflict because \(describe($0.reason))" }
                .joined(separator: " and ")
        }
    }

    private func describeArguments(_ field: Int32) -> String {
        let arguments = merge.fields[Int(field)].arguments
        guard !arguments.isEmpty else { return "none" }
        return "'(" + arguments.map { "\($0.name.value): \(Self.printed($0.value))" }.joined(separator: ", ") + ")'"
    }

    /// The comparisons, over the merge graph.
    struct FieldMerger {
        let schema: Schema
        let graph: MergeGraph
        let fields: [MergeGraph.Field]
        /// A fragment (index into `ValidationRun.fragments`) → its selection set.
        let fragmentSets: [Int32]
        /// Fragment pairs already compared → whether as mutually exclusive.
        private var comparedFragmentPairs: [UInt64: Bool] = [:]

        init(schema: Schema, graph: MergeGraph, fragmentSets: [Int32]) {
            self.schema = schema
            self.graph = graph
            self.fields = graph.fields
            self.fragmentSets = fragmentSets
        }

        /// Two fields that cannot merge: the first of `fields1` and `fields2` are the
        /// fields with `responseKey`, the rest the subfields in conflict.
        struct Conflict {
            var responseKey: String
            var reason: Reason
            var fields1: [Int32]
            var fields2: [Int32]
        }

        indirect enum Reason {
            case differentFields(String, String)
            /// The two fields (indices into `fields`).
            case differentArguments(Int32, Int32)
            case conflictingTypes(TypeRef, TypeRef)
            case subfields([Conflict])
        }

        // MARK: Sets

        /// graphql-js's `findConflictsWithinSelectionSet`.
        mutating func collectConflicts(within set: Int32, into conflicts: inout [Conflict]) {
            collectWithin(graph.fields(of: set), into: &conflicts)
            let fragments = graph.fragments(of: set)
            for (offset, fragment) in zip(fragments.indices, fragments) {
                collectBetween(set, andFragment: fragment, exclusive: false, into: &conflicts)
                for other in fragments[(offset + 1)...] {
                    collectBetweenFragments(fragment, other, exclusive: false, into: &conflicts)
                }
            }
        }

        /// graphql-js's `findConflictsBetweenSubSelectionSets`.
        private mutating func collectBetweenSets(
            _ set1: Int32, _ set2: Int32, exclusive: Bool, into conflicts: inout [Conflict]
        ) {
            collectBetween(graph.fields(of: set1), graph.fields(of: set2), exclusive: exclusive, into: &conflicts)
            let fragments1 = graph.fragments(of: set1), fragments2 = graph.fragments(of: set2)
            for fragment in fragments2 { collectBetween(set1, andFragment: fragment, exclusive: exclusive, into: &conflicts) }
            for fragment in fragments1 { collectBetween(set2, andFragment: fragment, exclusive: exclusive, into: &conflicts) }
            for fragment1 in fragments1 {
                for fragment2 in fragments2 {
                    collectBetweenFragments(fragment1, fragment2, exclusive: exclusive, into: &conflicts)
                }
            }
        }

        /// A set's fields against a fragment's and the fragments it spreads.
        private mutating func collectBetween(
            _ set: Int32, andFragment fragment: Int32, exclusive: Bool, into conflicts: inout [Conflict]
        ) {
            let fragmentSet = fragmentSets[Int(fragment)]
            guard fragmentSet >= 0, fragmentSet != set else { return }
            collectBetween(graph.fields(of: set), graph.fields(of: fragmentSet), exclusive: exclusive, into: &conflicts)
            for referenced in graph.fragments(of: fragmentSet) {
                if hasCompared(referenced, fragment, exclusive: exclusive) { continue }
                markCompared(referenced, fragment, exclusive: exclusive)
                collectBetween(set, andFragment: referenced, exclusive: exclusive, into: &conflicts)
            }
        }

        private mutating func collectBetweenFragments(
            _ fragment1: Int32, _ fragment2: Int32, exclusive: Bool, into conflicts: inout [Conflict]
        ) {
            guard fragment1 != fragment2, !hasCompared(fragment1, fragment2, exclusive: exclusive) else { return }
            markCompared(fragment1, fragment2, exclusive: exclusive)
            let set1 = fragmentSets[Int(fragment1)], set2 = fragmentSets[Int(fragment2)]
            guard set1 >= 0, set2 >= 0 else { return }
            collectBetween(graph.fields(of: set1), graph.fields(of: set2), exclusive: exclusive, into: &conflicts)
            for referenced in graph.fragments(of: set2) {
                collectBetweenFragments(fragment1, referenced, exclusive: exclusive, into: &conflicts)
            }
            for referenced in graph.fragments(of: set1) {
                collectBetweenFragments(referenced, fragment2, exclusive: exclusive, into: &conflicts)
            }
        }

        private func pairKey(_ a: Int32, _ b: Int32) -> UInt64 {
            let (low, high) = a < b ? (a, b) : (b, a)
            return UInt64(UInt32(low)) << 32 | UInt64(UInt32(high))
        }

        private func hasCompared(_ a: Int32, _ b: Int32, exclusive: Bool) -> Bool {
            guard let comparedAsExclusive = comparedFragmentPairs[pairKey(a, b)] else { return false }
            // A comparison of non-exclusive fields covers the exclusive case too.
            return exclusive || !comparedAsExclusive
        }

        private mutating func markCompared(_ a: Int32, _ b: Int32, exclusive: Bool) {
            comparedFragmentPairs[pairKey(a, b)] = exclusive
        }

        // MARK: Fields

        /// Every pair of fields with the same response key in one set.
        private mutating func collectWithin(_ set: ArraySlice<Int32>, into conflicts: inout [Conflict]) {
            guard set.count > 1 else { return }
            if set.count <= 32 {
                for i in set.startIndex..<(set.endIndex - 1) {
                    let key = fields[Int(set[i])].responseKey
                    for j in (i + 1)..<set.endIndex where fields[Int(set[j])].responseKey == key {
                        if let conflict = findConflict(set[i], set[j], exclusive: false) { conflicts.append(conflict) }
                    }
                }
                return
            }
            var groups: [String: [Int32]] = [:]
            var order: [String] = []
            for field in set {
                let key = fields[Int(field)].responseKey
                if groups[key, default: []].isEmpty { order.append(key) }
                groups[key, default: []].append(field)
            }
            for key in order {
                let group = groups[key]!
                guard group.count > 1 else { continue }
                collectWithin(group: group, into: &conflicts)
            }
        }

        /// One field as written on one parent type: its copies merge with each other exactly
        /// as it does, and with any other field as it does.
        private struct CopyKey: Hashable {
            let parent: Int32
            let syntax: GraphQLKit.Field
        }

        /// The pairs of one response key in one set, in graphql-js's order. Copies of a
        /// field (`{ shop { name } shop { name } … }` thousands of times) are compared as
        /// one: a representative of each kind against the others, and two copies of a kind
        /// against each other; only the kinds that conflict are compared pair by pair.
        private mutating func collectWithin(group: [Int32], into conflicts: inout [Conflict]) {
            var kindOf: [CopyKey: Int] = [:]
            var kinds: [[Int]] = []
            for (position, field) in group.enumerated() {
                let key = CopyKey(parent: fields[Int(field)].parent, syntax: fields[Int(field)].syntax)
                if let kind = kindOf[key] {
                    kinds[kind].append(position)
                } else {
                    kindOf[key] = kinds.count
                    kinds.append([position])
                }
            }
            var found: [Int: Conflict?] = [:]
            func pairKey(_ i: Int, _ j: Int) -> Int { i * group.count + j }
            func compare(_ i: Int, _ j: Int) -> Bool {
                let conflict = findConflict(group[i], group[j], exclusive: false)
                found[pairKey(i, j)] = conflict
                return conflict != nil
            }
            // Pairs of the kinds that conflict, at most enough to pass the error limit.
            var pairs: [(Int, Int)] = []
            let budget = 1_000
            for kind in kinds.indices where pairs.count < budget {
                let members = kinds[kind]
                if members.count > 1, compare(members[0], members[1]) {
                    for a in members.indices { for b in (a + 1)..<members.count { pairs.append((members[a], members[b])) } }
                }
                for other in (kind + 1)..<kinds.count where compare(members[0], kinds[other][0]) {
                    for a in members { for b in kinds[other] { pairs.append((min(a, b), max(a, b))) } }
                }
            }
            pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            for (i, j) in pairs.prefix(budget) {
                let conflict: Conflict?
                if let known = found[pairKey(i, j)] {
                    conflict = known
                } else {
                    conflict = findConflict(group[i], group[j], exclusive: false)
                }
                if let conflict { conflicts.append(conflict) }
            }
        }

        /// Every pair of fields with the same response key, one from each list.
        private mutating func collectBetween(
            _ fields1: ArraySlice<Int32>, _ fields2: ArraySlice<Int32>, exclusive: Bool, into conflicts: inout [Conflict]
        ) {
            guard !fields1.isEmpty, !fields2.isEmpty else { return }
            if fields1.count * fields2.count <= 1024 {
                for field1 in fields1 {
                    let key = fields[Int(field1)].responseKey
                    for field2 in fields2 where fields[Int(field2)].responseKey == key {
                        if let conflict = findConflict(field1, field2, exclusive: exclusive) { conflicts.append(conflict) }
                    }
                }
                return
            }
            var byKey: [String: [Int32]] = [:]
            for field2 in fields2 { byKey[fields[Int(field2)].responseKey, default: []].append(field2) }
            for field1 in fields1 {
                guard let matches = byKey[fields[Int(field1)].responseKey] else { continue }
                for field2 in matches {
                    if let conflict = findConflict(field1, field2, exclusive: exclusive) { conflicts.append(conflict) }
                }
            }
        }

        /// graphql-js's `findConflict`: two fields with the same response key.
        private mutating func findConflict(_ index1: Int32, _ index2: Int32, exclusive: Bool) -> Conflict? {
            let field1 = fields[Int(index1)], field2 = fields[Int(index2)]
            // Different object types can never be the same object: only the shapes matter.
            let mutuallyExclusive = exclusive
                || (field1.parent != field2.parent && field1.parentIsObject && field2.parentIsObject)
            let key = field1.responseKey
            if !mutuallyExclusive {
                if field1.name != field2.name {
                    return Conflict(
                        responseKey: key, reason: .differentFields(field1.name, field2.name), fields1: [index1], fields2: [index2]
                    )
                }
                if !Self.sameArguments(field1.arguments, field2.arguments) {
                    return Conflict(
                        responseKey: key, reason: .differentArguments(index1, index2), fields1: [index1], fields2: [index2]
                    )
                }
            }
            if let type1 = field1.definition?.type, let type2 = field2.definition?.type, typesConflict(type1, type2) {
                return Conflict(
                    responseKey: key, reason: .conflictingTypes(type1, type2), fields1: [index1], fields2: [index2]
                )
            }
            guard field1.selectionSet >= 0, field2.selectionSet >= 0 else { return nil }
            var subconflicts: [Conflict] = []
            collectBetweenSets(field1.selectionSet, field2.selectionSet, exclusive: mutuallyExclusive, into: &subconflicts)
            guard !subconflicts.isEmpty else { return nil }
            return Conflict(
                responseKey: key, reason: .subfields(subconflicts),
                fields1: [index1] + subconflicts.flatMap(\.fields1), fields2: [index2] + subconflicts.flatMap(\.fields2)
            )
        }

        /// Lists and non-null must match; leaf types must be the same; composite types are
        /// compared through their subfields.
        private func typesConflict(_ type1: TypeRef, _ type2: TypeRef) -> Bool {
            switch (type1, type2) {
            case (.list(let inner1), .list(let inner2)):
                return typesConflict(inner1, inner2)
            case (.list, _), (_, .list):
                return true
            case (.nonNull(let inner1), .nonNull(let inner2)):
                return typesConflict(inner1, inner2)
            case (.nonNull, _), (_, .nonNull):
                return true
            case (.named(let id1), .named(let id2)):
                guard schema[id1].isLeafType || schema[id2].isLeafType else { return false }
                return id1 != id2
            }
        }

        /// The same arguments in any order, values compared as printed with object fields
        /// sorted (graphql-js's `sameArguments`).
        static func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
            if arguments1.isEmpty { return arguments2.isEmpty }
            guard arguments1.count == arguments2.count else { return false }
            for argument in arguments1 {
                guard let other = arguments2.last(where: { $0.name.value == argument.name.value }),
                      sameValue(argument.value, other.value)
                else { return false }
            }
            return true
        }

        private static func sameValue(_ value1: Value, _ value2: Value) -> Bool {
            switch (value1.kind, value2.kind) {
            case (.list(let items1), .list(let items2)):
                return items1.count == items2.count && zip(items1, items2).allSatisfy { sameValue($0, $1) }
            case (.object(let fields1), .object(let fields2)):
                guard fields1.count == fields2.count else { return false }
                return zip(sortedByName(fields1), sortedByName(fields2)).allSatisfy {
                    $0.name.value == $1.name.value && sameValue($0.value, $1.value)
                }
            default:
                return value1.kind == value2.kind
            }
        }

        /// Object fields sorted by name, keeping the order of equal names.
        private static func sortedByName(_ fields: [ObjectField]) -> [ObjectField] {
            fields.enumerated().sorted { a, b in
                a.element.name.value != b.element.name.value ? a.element.name.value < b.element.name.value : a.offset < b.offset
            }.map(\.element)
        }
    }
}
