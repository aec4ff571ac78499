/// The keys a mapping of a user's file may have: what `DocumentReader.fields` checks
/// (unknown keys with "did you mean", missing required keys, duplicates), what its hint
/// lists, and what a JSON Schema for editors is built from (`JSONSchemaBuilder`), so the
/// loader and the schema cannot drift apart.
///
/// A class: a reader passes its spec to every mapping it reads, and a reference is
/// one retain where a struct of arrays and strings was a dozen.
public final class ObjectSpec: Sendable {
    /// What the mapping is, for messages: "a step", "'retry'", "the workflow file".
    public let name: String
    /// Its definition name in a JSON Schema's `$defs` (`step`, `retry`).
    public let id: String
    public let summary: String
    public let keys: [KeySpec]
    /// The names of the required keys, in order (read for every mapping).
    public let requiredKeys: [String]
    /// The names of `keys` as UTF-8, one after another, and where each starts, sorted by
    /// length: a member's key is compared in place with those of its length only
    /// (`lengthStarts[n]..<lengthStarts[n + 1]` are the names `n` bytes long), with no
    /// array per name to retain.
    private let keyBytes: [UInt8]
    private let keyStarts: [Int]
    private let lengthStarts: [Int]
    /// Keys starting with this prefix are free (the catalog's `$comment` keys).
    public let freeKeyPrefix: String?
    /// Keys not listed take values of this shape (a mapping of names); `nil`: unknown
    /// keys are errors.
    public let otherKeys: ValueShape?
    /// Groups of keys of which exactly one must be present (a step's bodies).
    public let exactlyOneOf: [[String]]
    /// The required keys and each group's keys as slots of `keyStarts`: a mapping is
    /// checked against them by bytes, with no string made (`DocumentReader.finish`).
    private let requiredSlots: [Int]
    private let groupSlots: [[Int]]

    public init(
        _ id: String, name: String, summary: String = "", keys: [KeySpec], freeKeyPrefix: String? = nil,
        otherKeys: ValueShape? = nil, exactlyOneOf: [[String]] = []
    ) {
        self.id = id
        self.name = name
        self.summary = summary
        self.keys = keys
        self.freeKeyPrefix = freeKeyPrefix
        self.otherKeys = otherKeys
        self.exactlyOneOf = exactlyOneOf
        requiredKeys = keys.filter(\.isRequired).map(\.name)
        var bytes: [UInt8] = []
        var starts: [Int] = []
        /// Each name's slot: its place in `starts`.
        var slots: [String: Int] = [:]
        let longest = keys.map(\.name.utf8.count).max() ?? 0
        var lengthStarts = [0]
        for length in 0...longest {
            for key in keys where key.name.utf8.count == length {
                slots[key.name] = starts.count
                starts.append(bytes.count)
                bytes.append(contentsOf: key.name.utf8)
            }
            lengthStarts.append(starts.count)
        }
        keyBytes = bytes
        keyStarts = starts
        self.lengthStarts = lengthStarts
        requiredSlots = keys.filter(\.isRequired).compactMap { slots[$0.name] }
        groupSlots = exactlyOneOf.map { group in group.compactMap { slots[$0] } }
    }

    /// The bytes of the key in `slot`.
    private func withKeyBytes<R>(slot: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        keyBytes.withUnsafeBufferPointer { names in
            let end = slot + 1 < keyStarts.count ? keyStarts[slot + 1] : names.count
            return body(UnsafeBufferPointer(rebasing: names[keyStarts[slot]..<end]))
        }
    }

    /// Whether `members` lacks a required key (compared as bytes).
    func lacksRequiredKey(_ members: FieldMembers) -> Bool {
        requiredSlots.contains { slot in withKeyBytes(slot: slot) { members.position(ofBytes: $0) == nil } }
    }

    /// Whether `members` has two or more keys of group `index` of `exactlyOneOf`.
    func hasSeveral(ofGroup index: Int, _ members: FieldMembers) -> Bool {
        var count = 0
        for slot in groupSlots[index] where withKeyBytes(slot: slot, { members.position(ofBytes: $0) != nil }) {
            count += 1
            if count > 1 { return true }
        }
        return false
    }

    /// Whether a key (its UTF-8 bytes) is one of `keys`, or starts with `freeKeyPrefix`.
    func knows(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = key.count
        if length + 1 < lengthStarts.count {
            let found = keyBytes.withUnsafeBufferPointer { names in
                keyStarts.withUnsafeBufferPointer { starts in
                    (lengthStarts[length]..<lengthStarts[length + 1]).contains { index in
                        UnsafeBufferPointer(rebasing: names[starts[index]..<starts[index] + length]).sameBytes(as: key)
                    }
                }
            }
            if found { return true }
        }
        guard let freeKeyPrefix else { return false }
        return key.starts(with: freeKeyPrefix.utf8)
    }

    public var keyNames: [String] { keys.map(\.name) }
    public func key(_ name: String) -> KeySpec? { keys.first { $0.name == name } }
}

/// One key of an `ObjectSpec`.
public struct KeySpec: Sendable {
    public let name: String
    public var isRequired: Bool
    public var shape: ValueShape
    public var summary: String

    public init(_ name: String, required: Bool = false, _ shape: ValueShape, _ summary: String = "") {
        self.name = name
        self.isRequired = required
        self.shape = shape
        self.summary = summary
    }
}

/// What a value may be, as far as a schema for editors can tell.
public indirect enum ValueShape: Sendable {
    case any
    case string
    /// A string matching a regular expression (ECMA-262, as JSON Schema has it).
    case pattern(String)
    case integer(minimum: Int?, maximum: Int?)
    case number(minimum: Double?, maximum: Double?)
    case boolean
    /// One of these exact values.
    case choice([JSONValue])
    case list(ValueShape, minItems: Int?)
    /// A mapping of free names to values of this shape.
    case map(ValueShape)
    case object(ObjectSpec)
    /// A definition by its id, for shapes that contain themselves.
    case reference(String)
    case anyOf([ValueShape])

    public static var integer: ValueShape { .integer(minimum: nil, maximum: nil) }
    public static var number: ValueShape { .number(minimum: nil, maximum: nil) }
    public static func list(_ item: ValueShape) -> ValueShape { .list(item, minItems: nil) }
    public static func choice(_ names: [String]) -> ValueShape { .choice(names.map(JSONValue.string)) }
}
