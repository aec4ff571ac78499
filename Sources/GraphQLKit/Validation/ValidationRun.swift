import BuyflowCore

/// One validation: the state of the walk over the document and what it found.
///
/// The document is walked once, definition by definition, with the types at each node
/// passed along (parent type, field definition, expected input type), every rule checking
/// the node it is at. Rules that need the whole document (fragment cycles, unused
/// fragments, variables used through fragments, field merging) run afterwards on what
/// the walk recorded per definition.
///
/// Every helper type is nested here: the module is shared with other layers.
struct ValidationRun {
    let schema: Schema
    let document: Document
    let path: String
    let rules: RuleMask
    let deprecations: Bool
    let maxErrors: Int
    let order: ValidationOptions.Order

    // MARK: Output

    var reports: [Report] = []
    var errorCount = 0
    var warningCount = 0
    /// Set when `maxErrors` is exceeded: the walk stops.
    var aborted = false

    // MARK: Document index

    /// Every fragment definition, in document order.
    var fragments: [FragmentDefinition] = []
    /// A fragment's name → its last definition in `fragments` (graphql-js's lookup).
    var fragmentByName: [String: Int] = [:]
    /// Per fragment definition: its type condition when it is a composite type.
    var fragmentTypes: [NamedType?] = []
    /// Per fragment definition: what the walk recorded.
    var fragmentRecords: [DefinitionRecord] = []
    var operationRecords: [OperationRecord] = []
    /// How many operations the document defines.
    var operationCount = 0
    /// The first operation of each name, for UniqueOperationNames.
    var operationNames: [String: Location] = [:]
    /// The first fragment definition of each name, for UniqueFragmentNames.
    var fragmentNames: [String: Location] = [:]

    // MARK: The definition being walked

    var current = DefinitionRecord()
    /// Variables a fragment defines itself (legacy fragment variables): not usages of
    /// operation variables.
    var fragmentLocalVariables: Set<String> = []
    /// An inline fragment or a fragment spread the walk passed has `@defer`: the defer
    /// rules run after the walk only then.
    var usesDefer = false
    /// The end of the last `__schema` or `__type` field MaxIntrospectionDepth reported.
    var introspectionReportedUntil: Int32 = 0

    // MARK: Field merging

    var merge = MergeGraph()
    /// OverlappingFieldsCanBeMerged is on: the walk records fields for it.
    let buildsMergeGraph: Bool

    init(document: Document, schema: Schema, options: ValidationOptions) {
        self.schema = schema
        self.document = document
        self.path = document.path
        self.rules = RuleMask(options.rules)
        self.deprecations = options.deprecationWarnings
        self.maxErrors = max(1, options.maxErrors)
        self.order = options.order
        self.buildsMergeGraph = rules.contains(.overlappingFieldsCanBeMerged)
    }

    // MARK: - Reporting

    /// A diagnostic's location for a node's location (`nil` for synthesized nodes).
    func sourceLocation(_ location: Location) -> SourceLocation? {
        location.isSynthesized ? nil : location.sourceLocation(in: path)
    }

    func note(_ message: String, at location: Location) -> Diagnostic.Note {
        Diagnostic.Note(message, at: sourceLocation(location))
    }

    /// Records an error of `rule` (when the rule is on) at `location`. `event` is when
    /// graphql-js reports it (for `ValidationOptions.Order.graphqlJS`): by default on
    /// entering the node at `location`.
    mutating func report(
        _ rule: ValidationRule, _ message: String, at location: Location, notes: [Diagnostic.Note] = [],
        suggestion: String? = nil, hint: String? = nil, event: Event? = nil
    ) {
        guard rules.contains(rule), !aborted else { return }
        guard errorCount < maxErrors else {
            aborted = true
            return
        }
        errorCount += 1
        reports.append(Report(
            diagnostic: .error(
                message, at: sourceLocation(location), code: rule.code, notes: notes, suggestion: suggestion, hint: hint
            ),
            rank: rule.ordinal, event: event ?? .enter(location)
        ))
    }

    /// Records a deprecation warning (when they are on); the reason becomes the hint.
    mutating func warnDeprecated(_ message: String, reason: String?, at location: Location) {
        guard deprecations, !aborted, warningCount < maxErrors else { return }
        warningCount += 1
        let reason = Self.oneLine(reason ?? "")
        reports.append(Report(
            diagnostic: .warning(
                message, at: sourceLocation(location), code: Validator.deprecatedCode,
                hint: reason.isEmpty ? nil : "deprecated: " + reason
            ),
            rank: ValidationRule.allCases.count, event: .enter(location)
        ))
    }

    /// The diagnostics sorted by location, then rule, then the order found; exact
    /// duplicates removed; the too-many-errors error last.
    func finish() -> [Diagnostic] {
        if reports.isEmpty, !aborted { return [] }
        var order = Array(reports.indices)
        switch self.order {
        case .location:
            order.sort { a, b in
                let left = reports[a], right = reports[b]
                let l = left.diagnostic.location, r = right.diagnostic.location
                if l != r {
                    guard let l else { return true }
                    guard let r else { return false }
                    return (l.line, l.column) < (r.line, r.column)
                }
                if left.rank != right.rank { return left.rank < right.rank }
                return a < b
            }
        case .graphqlJS:
            order.sort { a, b in
                let left = reports[a], right = reports[b]
                if left.event != right.event { return left.event < right.event }
                if left.rank != right.rank { return left.rank < right.rank }
                return a < b
            }
        }
        var result: [Diagnostic] = []
        result.reserveCapacity(order.count + 1)
        var seen: Set<Diagnostic> = []
        for index in order {
            let diagnostic = reports[index].diagnostic
            if order.count > 1, !seen.insert(diagnostic).inserted { continue }
            result.append(diagnostic)
        }
        if aborted {
            result.append(.error(
                "too many validation errors; validation stopped after \(maxErrors)",
                code: Validator.tooManyErrorsCode,
                hint: "fix these first, or raise ValidationOptions.maxErrors"
            ))
        }
        return result
    }

    /// The text on one line: runs of spaces, tabs and line breaks as one space, none at
    /// the ends.
    private static func oneLine(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                pendingSpace = !bytes.isEmpty
            } else {
                if pendingSpace { bytes.append(0x20) }
                pendingSpace = false
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

// MARK: - Records

extension ValidationRun {
    /// The rules to run, one bit per `ValidationRule.ordinal`.
    struct RuleMask {
        let bits: UInt64

        init(_ rules: Set<ValidationRule>) {
            var bits: UInt64 = 0
            for rule in rules { bits |= 1 << UInt64(rule.ordinal) }
            self.bits = bits
        }

        @inline(__always)
        func contains(_ rule: ValidationRule) -> Bool { bits & (1 << UInt64(rule.ordinal)) != 0 }
    }

    struct Report {
        var diagnostic: Diagnostic
        /// The rule's ordinal (deprecation warnings after every rule): orders diagnostics
        /// at one location.
        var rank: Int
        var event: Event
    }

    /// When graphql-js's walk reports a diagnostic: on entering or leaving a node. Events
    /// sort in walk order: by offset, leaving before entering; nodes entered at the same
    /// offset outermost first, left at the same offset innermost first.
    struct Event: Comparable {
        var offset: Int32
        var isEnter: Bool
        var tieBreak: Int32

        static func enter(_ node: Location) -> Event { Event(offset: node.start, isEnter: true, tieBreak: -node.end) }
        static func leave(_ node: Location) -> Event { Event(offset: node.end, isEnter: false, tieBreak: -node.start) }
        /// Entering the document: before every node.
        static let documentStart = Event(offset: -1, isEnter: true, tieBreak: 0)
        /// Leaving the document: after every node.
        static let documentEnd = Event(offset: .max, isEnter: false, tieBreak: 0)

        static func < (a: Event, b: Event) -> Bool {
            if a.offset != b.offset { return a.offset < b.offset }
            if a.isEnter != b.isEnter { return !a.isEnter }
            return a.tieBreak < b.tieBreak
        }
    }

    /// A variable used in a value, with the type expected where it stands.
    struct VariableUsage {
        var name: String
        var location: Location
        /// The input type at the position; `nil` when unknown (an unknown argument …).
        var type: TypeRef?
        /// The position (argument, input field) has a default value: a nullable variable
        /// may be used where the type is non-null.
        var hasLocationDefault: Bool
        /// Set when the variable is the one field of a oneOf input object literal.
        var oneOfType: NamedType?
        /// That oneOf input object literal.
        var oneOfLocation: Location = .synthesized
    }

    /// A `...Name` spread.
    struct SpreadRecord {
        var name: String
        var location: Location
        /// The fragment it names (index into `fragments`, last definition), or -1.
        var fragment: Int
    }

    /// What the walk recorded about one operation or fragment definition.
    struct DefinitionRecord {
        var usages: [VariableUsage] = []
        var spreads: [SpreadRecord] = []
        /// The root selection set in the merge graph (-1 when not built).
        var rootSet: Int32 = -1
    }

    /// A variable defined by an operation.
    struct VariableDefinitionRecord {
        var name: String
        /// The `$`.
        var location: Location
        /// `nil` when its type is unknown.
        var type: TypeRef?
        var hasNonNullDefault: Bool
    }

    struct OperationRecord {
        var name: String?
        var location: Location
        var variables: [VariableDefinitionRecord]
        var definition: DefinitionRecord
    }
}
