extension ValidationRun {
    /// The fields of every selection set, recorded by the walk for
    /// OverlappingFieldsCanBeMerged: graphql-js's cached `getFieldsAndFragmentNames`,
    /// built once. A set holds the fields of its selection set and of the inline
    /// fragments in it (each with the type it is selected on) and the fragments it spreads.
    /// Sets are numbered in walk order (pre-order), the order graphql-js visits them.
    ///
    /// The sets' fields and fragments are ranges of two flat arrays: while a set is walked
    /// they accumulate on a stack (nested sets push and pop theirs above), then move.
    struct MergeGraph {
        struct Field {
            let responseKey: String
            let name: String
            let arguments: [Argument]
            /// The type the field is selected on (`TypeID.index`; -1 when unknown).
            let parent: Int32
            /// That type is an object type.
            let parentIsObject: Bool
            let definition: SchemaField?
            let location: Location
            /// The field's own selection set, or -1.
            let selectionSet: Int32
            /// The field as written (equality ignores locations): copies of one field are
            /// compared once.
            let syntax: GraphQLKit.Field
        }

        struct FieldSet {
            /// A range of `setFields`.
            var fields: Range<Int32> = 0..<0
            /// A range of `setFragments`: fragments spread in the set (indices into
            /// `ValidationRun.fragments`), each once.
            var fragments: Range<Int32> = 0..<0
            /// The selection set (graphql-js reports conflicts on entering it).
            var location: Location
        }

        var fields: [Field] = []
        var sets: [FieldSet] = []
        var setFields: [Int32] = []
        var setFragments: [Int32] = []
        /// The fields and fragments of the sets being walked, innermost on top.
        var pendingFields: [Int32] = []
        var pendingFragments: [Int32] = []

        /// Where a set's pending fields and fragments start.
        struct Mark {
            var set: Int32
            var fields: Int
            var fragments: Int
        }

        /// Starts a set, numbered before the sets nested in it.
        mutating func beginSet(at location: Location) -> Mark {
            sets.append(FieldSet(location: location))
            return Mark(set: Int32(sets.count - 1), fields: pendingFields.count, fragments: pendingFragments.count)
        }

        /// Adds a field to the innermost set being walked.
        mutating func add(_ field: Field) {
            fields.append(field)
            pendingFields.append(Int32(fields.count - 1))
        }

        /// Adds a spread fragment to the innermost set being walked, unless already there.
        mutating func addFragment(_ fragment: Int32, to mark: Mark) {
            if pendingFragments[mark.fragments...].contains(fragment) { return }
            pendingFragments.append(fragment)
        }

        mutating func endSet(_ mark: Mark) {
            let fieldStart = Int32(setFields.count)
            setFields.append(contentsOf: pendingFields[mark.fields...])
            pendingFields.removeSubrange(mark.fields...)
            let fragmentStart = Int32(setFragments.count)
            setFragments.append(contentsOf: pendingFragments[mark.fragments...])
            pendingFragments.removeSubrange(mark.fragments...)
            sets[Int(mark.set)].fields = fieldStart..<Int32(setFields.count)
            sets[Int(mark.set)].fragments = fragmentStart..<Int32(setFragments.count)
        }

        @inline(__always)
        func fields(of set: Int32) -> ArraySlice<Int32> {
            let range = sets[Int(set)].fields
            return setFields[Int(range.lowerBound)..<Int(range.upperBound)]
        }

        @inline(__always)
        func fragments(of set: Int32) -> ArraySlice<Int32> {
            let range = sets[Int(set)].fragments
            return setFragments[Int(range.lowerBound)..<Int(range.upperBound)]
        }
    }
}
