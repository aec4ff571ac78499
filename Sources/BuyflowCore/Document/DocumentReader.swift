/// Walks a `LocatedValue` into typed values and collects every problem on the way, each
/// a located `Diagnostic`: unknown keys (with "did you mean" and a hint listing the keys
/// allowed), missing required keys, duplicate keys, wrong types, values out of range or
/// not among the allowed ones. Reading goes on after a problem, so one pass reports all
/// of a file's mistakes.
///
///     var reader = DocumentReader(codePrefix: "workflow")
///     if let step = reader.fields(node, WorkflowSpecs.step) {
///         let name = step["name"].flatMap { reader.string($0, "'name'") }
///     }
///     if reader.hasErrors { throw DiagnosticList(reader.diagnostics) }
public struct DocumentReader: Sendable {
    /// Every problem found so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Prefix of diagnostic codes: `workflow` gives `workflow.unknown-key`.
    public var codePrefix: String

    public init(codePrefix: String) {
        self.codePrefix = codePrefix
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    // MARK: - Reporting

    public mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }
    public mutating func report(contentsOf more: some Sequence<Diagnostic>) { diagnostics.append(contentsOf: more) }

    /// Records an error; `code` is prefixed with `codePrefix` unless it has a dot already.
    public mutating func error(
        _ message: String, at location: SourceLocation?, code: String, suggestion: String? = nil,
        hint: String? = nil, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(.error(message, at: location, code: qualified(code), notes: notes, suggestion: suggestion, hint: hint))
    }

    public mutating func warning(
        _ message: String, at location: SourceLocation?, code: String, suggestion: String? = nil, hint: String? = nil
    ) {
        diagnostics.append(.warning(message, at: location, code: qualified(code), suggestion: suggestion, hint: hint))
    }

    private func qualified(_ code: String) -> String { code.contains(".") ? code : "\(codePrefix).\(code)" }

    /// "expected <expected> for <context>, found <what the value is>" at the value.
    public mutating func typeError(_ value: LocatedValue, expected: String, context: String, hint: String? = nil) {
        var hint = hint
        if hint == nil, value.kindDescription == "no value" {
            hint = "the value is empty; write it after the ':' or on the lines below, indented further than its key"
        }
        error("expected \(expected) for \(context), found \(value.quotedDescription)", at: value.location, code: "type", hint: hint)
    }

    // MARK: - Mappings

    /// The mapping's members checked against `spec`: every unknown key, missing required
    /// key and duplicate key is reported. `nil` (with an error) when `value` is not a mapping.
    public mutating func fields(_ value: LocatedValue, _ spec: ObjectSpec, context: String? = nil) -> Fields? {
        guard let members = value.members else {
            typeError(value, expected: "a mapping", context: context ?? spec.name)
            return nil
        }
        // The usual mapping — scalar keys, none repeated, all known — is checked in one
        // pass over the document's bytes; anything else takes the reporting pass below.
        let unique = FieldMembers(members, kept: Self.allPlain(members, spec) ? nil : reportingPass(members, spec, context: context))
        finish(unique, spec, at: value, context: context)
        return Fields(value: value, members: unique)
    }

    /// The pass over a mapping with a problem among its keys (or too many to compare
    /// in place): every problem reported, and the positions kept (`nil`: all of them).
    /// Out of line: the usual mapping never takes it.
    @inline(never)
    private mutating func reportingPass(_ members: LocatedMembers, _ spec: ObjectSpec, context: String?) -> [Int]? {
        // Members are few: a linear search of those kept finds a duplicate faster than
        // hashing every key (a mapping with many keys uses a set of them). While every
        // member is kept (the usual case) nothing is copied; a first member dropped
        // starts a list of the positions kept. Keys are compared as bytes in the
        // document, and a member is made only for a diagnostic.
        let document = members.document
        var kept: [Int]?
        var keptCount = 0
        var seen: Set<String>? = members.count > 16 ? [] : nil
        func firstKept(_ position: Int) -> Int? {
            let key = members.keyNode(position)
            if seen != nil, !seen!.contains(document.string(of: key)) { return nil }
            if let kept { return kept.first { document.sameText(members.keyNode($0), key) } }
            return (0..<keptCount).first { document.sameText(members.keyNode($0), key) }
        }
        for position in 0..<members.count {
            let key = members.keyNode(position)
            var problem = document.nodes[Int(key)].flags.contains(.keyNotScalar)
            if problem {
                let member = members[position]
                error("a key of \(context ?? spec.name) must be a plain name, found \(member.key)", at: member.keyLocation, code: "key")
            } else if let earlier = firstKept(position) {
                let member = members[position]
                error(
                    "duplicate key '\(member.key)' in \(context ?? spec.name)", at: member.keyLocation, code: "duplicate-key",
                    hint: "a key may appear once in a mapping; remove one of them",
                    notes: [Diagnostic.Note("'\(member.key)' first written here", at: members[earlier].keyLocation)]
                )
                problem = true
            }
            if problem {
                if kept == nil { kept = Array(0..<keptCount) }
                continue
            }
            if seen != nil { seen!.insert(document.string(of: key)) }
            if kept != nil { kept!.append(position) } else { keptCount += 1 }
            if spec.otherKeys == nil, !spec.knows(document.text(of: key)) {
                let member = members[position]
                error(
                    "unknown key '\(member.key)' in \(context ?? spec.name)", at: member.keyLocation, code: "unknown-key",
                    suggestion: Suggestions.closest(to: member.key, among: spec.keyNames),
                    hint: Self.listing(spec, context: context)
                )
            }
        }
        return kept
    }

    /// Whether every key of `members` is a scalar, written once and known to `spec`
    /// (or free): nothing to report. Keys are compared in place in the document.
    private static func allPlain(_ members: LocatedMembers, _ spec: ObjectSpec) -> Bool {
        // Many members: the reporting pass, which hashes them, is the faster one.
        guard members.count <= 16 else { return false }
        let document = members.document
        for position in 0..<members.count {
            let key = members.keyNode(position)
            if document.nodes[Int(key)].flags.contains(.keyNotScalar) { return false }
            for earlier in 0..<position where document.sameText(members.keyNode(earlier), key) { return false }
            if spec.otherKeys == nil, !spec.knows(document.text(of: key)) { return false }
        }
        return true
    }

    /// The checks of a mapping's keys as a whole: required keys, and groups of which
    /// exactly one is allowed.
    private mutating func finish(_ unique: FieldMembers, _ spec: ObjectSpec, at value: LocatedValue, context: String?) {
        // Checked by bytes; the problems are reported out of line.
        if spec.lacksRequiredKey(unique) { reportMissingKeys(unique, spec, at: value.location, context: context) }
        for index in spec.exactlyOneOf.indices where spec.hasSeveral(ofGroup: index, unique) {
            reportExclusiveKeys(spec.exactlyOneOf[index], unique, spec, context: context)
        }
    }

    @inline(never)
    private mutating func reportMissingKeys(_ unique: FieldMembers, _ spec: ObjectSpec, at location: SourceLocation, context: String?) {
        for name in spec.requiredKeys where !unique.has(named: name) {
            let summary = spec.key(name)?.summary ?? ""
            error("missing required key '\(name)' in \(context ?? spec.name)", at: location, code: "missing-key",
                  hint: summary.isEmpty ? nil : "'\(name)': \(summary)")
        }
    }

    @inline(never)
    private mutating func reportExclusiveKeys(_ group: [String], _ unique: FieldMembers, _ spec: ObjectSpec, context: String?) {
        let present = group.compactMap { unique.member(named: $0) }
        error(
            "\(context ?? spec.name) has both '\(present[0].key)' and '\(present[1].key)'; it takes exactly one of \(Self.orList(group))",
            at: present[1].keyLocation, code: "exclusive-keys",
            notes: [Diagnostic.Note("'\(present[0].key)' is here", at: present[0].keyLocation)]
        )
    }

    /// "<name> accepts a, b, c (keys starting with '$' are free)".
    static func listing(_ spec: ObjectSpec, context: String?) -> String {
        let subject = (context ?? spec.name)
        var text = "\(subject) accepts \(spec.keyNames.joined(separator: ", "))"
        if let prefix = spec.freeKeyPrefix { text += " (keys starting with '\(prefix)' are free for comments)" }
        return text
    }

    static func orList(_ names: [String]) -> String {
        let quoted = names.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }

    // MARK: - Scalars and lists

    public mutating func string(_ value: LocatedValue, _ context: String, hint: String? = nil) -> String? {
        if let string = value.string { return string }
        typeError(value, expected: "a string", context: context, hint: hint)
        return nil
    }

    /// A string, or a scalar number or boolean taken as its text (`name: 2026` is "2026").
    public mutating func text(_ value: LocatedValue, _ context: String) -> String? {
        switch value.content {
        case .string(let string): return string
        case .int, .double, .bool: return value.text ?? value.json.description
        default:
            typeError(value, expected: "a string", context: context)
            return nil
        }
    }

    public mutating func int(_ value: LocatedValue, _ context: String, in range: ClosedRange<Int>? = nil) -> Int? {
        guard let number = value.int else {
            typeError(value, expected: "an integer", context: context)
            return nil
        }
        if let range, !range.contains(number) {
            error("\(context) must be \(Self.describe(range)), found \(number)", at: value.location, code: "range")
            return nil
        }
        return number
    }

    public mutating func number(_ value: LocatedValue, _ context: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let number = value.double else {
            typeError(value, expected: "a number", context: context)
            return nil
        }
        if let range, !range.contains(number) {
            error("\(context) must be from \(range.lowerBound) to \(range.upperBound), found \(value.text ?? "\(number)")",
                  at: value.location, code: "range")
            return nil
        }
        return number
    }

    public mutating func bool(_ value: LocatedValue, _ context: String) -> Bool? {
        if let bool = value.bool { return bool }
        typeError(value, expected: "true or false", context: context)
        return nil
    }

    public mutating func list(_ value: LocatedValue, _ context: String, hint: String? = nil) -> LocatedList? {
        if let items = value.list { return items }
        typeError(value, expected: "a list", context: context, hint: hint)
        return nil
    }

    /// A string among `choices`, with "did you mean" for a misspelt one (`errors: forbidd`).
    public mutating func choice(_ value: LocatedValue, among choices: [String], _ context: String) -> String? {
        guard let text = text(value, context) else { return nil }
        if choices.contains(text) { return text }
        error(
            "\(context) must be \(Self.orList(choices)), found '\(text)'", at: value.location, code: "choice",
            suggestion: Suggestions.closest(to: text, among: choices)
        )
        return nil
    }

    /// A duration: `500ms`, `1.5s`, `2m` (or a bare `0`).
    public mutating func duration(_ value: LocatedValue, _ context: String) -> Duration? {
        guard let text = text(value, context) else { return nil }
        switch DurationText.read(text) {
        case .duration(let duration): return duration
        case .tooLong:
            error(
                "\(context) must be at most \(DurationText.maximumText) (a year), found '\(text)'", at: value.location, code: "range",
                hint: "a longer wait is a typing mistake: check the number and its unit"
            )
            return nil
        case .invalid: break
        }
        error(
            "\(context) must be a duration such as 500ms, 10s or 2m, found '\(text)'", at: value.location, code: "duration",
            hint: "write a number followed by a unit: us, ms, s, m or h (a bare number has no unit)"
        )
        return nil
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        if range.upperBound == .max { return "at least \(range.lowerBound)" }
        if range.lowerBound == .min { return "at most \(range.upperBound)" }
        return "from \(range.lowerBound) to \(range.upperBound)"
    }
}

/// The members of a mapping after `DocumentReader.fields` checked them: the first of
/// each key, in the order written.
public struct Fields: Sendable {
    /// The mapping itself (for its location).
    public let value: LocatedValue
    public let members: FieldMembers

    public var location: SourceLocation { value.location }

    @inlinable
    public subscript(key: FieldKey) -> LocatedValue? { members.member(key)?.value }

    @inlinable
    public func member(_ key: FieldKey) -> LocatedMember? { members.member(key) }

    @inlinable
    public func has(_ key: FieldKey) -> Bool { members.has(key) }

    /// The member under a key known only at run time.
    @inlinable
    public func member(named key: String) -> LocatedMember? { members.member(named: key) }

    @inlinable
    public func has(named key: String) -> Bool { members.has(named: key) }

    /// The first of `keys` this mapping has (a loop, not `keys.first(where: has)`: a
    /// closure over `self` copies it).
    @inlinable
    public func first(of keys: [FieldKey]) -> FieldKey? {
        for key in keys where members.has(key) { return key }
        return nil
    }

    /// `first(of:)` for names known at run time.
    @inlinable
    public func first(named keys: [String]) -> String? {
        for key in keys where members.has(named: key) { return key }
        return nil
    }
}

/// The members `DocumentReader.fields` kept: all of a mapping's, or (after a duplicate
/// or a bad key) those at the positions kept.
public struct FieldMembers: RandomAccessCollection, Sendable {
    @usableFromInline let all: LocatedMembers
    @usableFromInline let kept: [Int]?
    /// A bit for each key's length and first byte (`bit(count:first:)`): a key asked
    /// for whose bit is clear is not there, found without a scan — most keys a reader
    /// asks for are absent.
    @usableFromInline let presence: UInt64

    init(_ all: LocatedMembers, kept: [Int]?) {
        self.all = all
        self.kept = kept
        var presence: UInt64 = 0
        let document = all.document
        func note(_ position: Int) {
            let text = document.text(of: all.keyNode(position))
            presence |= Self.bit(count: text.count, first: text.first ?? 0)
        }
        if let kept {
            for position in kept { note(position) }
        } else {
            for position in 0..<all.count { note(position) }
        }
        self.presence = presence
    }

    @inlinable
    static func bit(count: Int, first: UInt8) -> UInt64 {
        1 << ((UInt64(truncatingIfNeeded: count) &* 31 &+ UInt64(first)) & 63)
    }

    /// Whether a key (its UTF-8 bytes) may be among the members (`false`: it certainly
    /// is not).
    @inlinable
    func mayHave(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        presence & Self.bit(count: key.count, first: key.isEmpty ? 0 : key[0]) != 0
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { kept?.count ?? all.count }

    @inlinable
    public subscript(position: Int) -> LocatedMember { all[kept?[position] ?? position] }

    /// Iterates over the members kept, the document held once (see `LocatedMembers.Iterator`).
    public struct Iterator: IteratorProtocol {
        @usableFromInline var all: LocatedMembers.Iterator
        @usableFromInline let members: LocatedMembers
        @usableFromInline let kept: [Int]?
        @usableFromInline var position = 0

        @inlinable
        init(_ members: FieldMembers) {
            all = members.all.makeIterator()
            self.members = members.all
            kept = members.kept
        }

        @inlinable
        public mutating func next() -> LocatedMember? {
            guard let kept else { return all.next() }
            guard position < kept.count else { return nil }
            defer { position += 1 }
            return members[kept[position]]
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(self) }

    /// The member under `key`.
    @inlinable
    public func member(_ key: FieldKey) -> LocatedMember? { position(of: key).map { all[$0] } }

    @inlinable
    public func has(_ key: FieldKey) -> Bool { position(of: key) != nil }

    /// The member under a key known only at run time.
    @inlinable
    public func member(named key: String) -> LocatedMember? { position(named: key).map { all[$0] } }

    @inlinable
    public func has(named key: String) -> Bool { position(named: key) != nil }

    /// The position in `all` of the member kept under `key`: its static bytes read in
    /// place (a one-scalar literal has none and is looked up by name).
    @inlinable
    func position(of key: FieldKey) -> Int? {
        guard let bytes = key.staticBytes else { return position(named: key.description) }
        return position(ofBytes: bytes)
    }

    @inlinable
    func position(named key: String) -> Int? {
        var key = key
        return key.withUTF8 { position(ofBytes: $0) }
    }

    /// The position in `all` of the member kept under the key `bytes`.
    @inlinable
    func position(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard mayHave(bytes) else { return nil }
        if let kept {
            return kept.first { all.document.text(of: all.keyNode($0)).sameBytes(as: bytes) }
        }
        return all.firstIndex(ofBytes: bytes)
    }
}
