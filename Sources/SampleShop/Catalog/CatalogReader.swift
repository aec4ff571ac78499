import BuyflowCore

/// The catalog's own checks — money strings, global IDs, timestamps, schema enums — on
/// top of a `DocumentReader`, which checks keys and types. Every problem is collected as
/// a located diagnostic (code `catalog.…`); reading goes on after one.
struct CatalogReader {
    var document = DocumentReader(codePrefix: "catalog")
    /// The values of the schema's enums, by enum name, for `CountryCode` and the like.
    let enums: [String: [String]]
    /// Every global ID seen, with where.
    var seenIDs: [String: (path: CatalogPath, location: SourceLocation)] = [:]

    init(enums: [String: [String]]) {
        self.enums = enums
    }

    var diagnostics: [Diagnostic] { document.diagnostics }

    mutating func error(
        _ message: String, at location: SourceLocation, code: String, suggestion: String? = nil, hint: String? = nil,
        notes: [Diagnostic.Note] = []
    ) {
        document.error(message, at: location, code: code, suggestion: suggestion, hint: hint, notes: notes)
    }

    // MARK: - Mappings and lists

    /// The mapping `value` (at `path`) checked against `spec`: unknown keys (those not
    /// starting with `$`), duplicate keys and missing or null required keys are errors.
    /// `nil` when `value` is `nil`, or (with an error) when it is not a mapping.
    mutating func object(_ value: LocatedValue?, _ spec: ObjectSpec, at path: CatalogPath) -> CatalogObject? {
        guard let value else { return nil }
        guard let fields = document.fields(value, spec, context: path.description) else { return nil }
        for key in spec.requiredKeys {
            guard let member = fields.member(named: key)?.value, member.isNull else { continue }
            let empty = member.kindDescription == "no value"
            error(
                "\(path.appending(key)) \(empty ? "has no value" : "must not be null")", at: member.location, code: "missing-key",
                hint: spec.key(key).map { $0.summary.isEmpty ? nil : "'\(key)': \($0.summary)" } ?? nil
            )
        }
        return CatalogObject(fields: fields, path: path)
    }

    /// The mapping member `key` of `object`, checked against `spec`.
    mutating func object(_ object: CatalogObject, _ key: String, _ spec: ObjectSpec) -> CatalogObject? {
        self.object(object[key], spec, at: object.path(key))
    }

    /// The list member `key`, or an empty list when absent or null.
    mutating func list(_ object: CatalogObject, _ key: String) -> [LocatedValue] {
        guard let value = object[key] else { return [] }
        return document.list(value, object.path(key).description).map(Array.init) ?? []
    }

    // MARK: - Scalars

    mutating func string(_ object: CatalogObject, _ key: String) -> String? {
        object[key].flatMap { document.string($0, object.path(key).description) }
    }

    mutating func int(_ object: CatalogObject, _ key: String, minimum: Int? = nil) -> Int? {
        object[key].flatMap { document.int($0, object.path(key).description, in: minimum.map { $0...Int.max }) }
    }

    mutating func double(_ object: CatalogObject, _ key: String) -> Double? {
        object[key].flatMap { document.number($0, object.path(key).description) }
    }

    mutating func bool(_ object: CatalogObject, _ key: String) -> Bool? {
        object[key].flatMap { document.bool($0, object.path(key).description) }
    }

    /// The list member `key` of strings; items that are not strings are errors and left out.
    mutating func strings(_ object: CatalogObject, _ key: String) -> [String] {
        var result: [String] = []
        for (index, item) in list(object, key).enumerated() {
            if let text = document.string(item, object.path(key).appending(index).description) { result.append(text) }
        }
        return result
    }

    /// The amount a number meant, written as the catalog wants it (`3.5` → `"3.50"`).
    static func moneyExample(_ number: Double?) -> String {
        guard let number, number.isFinite, abs(number) < 1e13 else { return "89.00" }
        return Money.format(Int((number * 100).rounded()))
    }

    /// A money amount: a decimal string with at most two decimals, in cents.
    mutating func money(_ object: CatalogObject, _ key: String) -> Int? {
        guard let value = object[key] else { return nil }
        let path = object.path(key)
        guard let text = value.string else {
            let example = Self.moneyExample(value.double)
            error(
                "\(path) must be a decimal string such as \"89.00\", found \(describe(value))", at: value.location, code: "type",
                hint: "catalog amounts are strings so they keep their exact decimals: write \"\(example)\", in quotes"
            )
            return nil
        }
        guard let cents = Money.cents(text) else {
            error("\(path) must be a decimal amount with at most two decimals such as \"89.00\", found \"\(text)\"",
                  at: value.location, code: "money")
            return nil
        }
        return cents
    }

    /// A decimal string (`"1.35"`, `"10"`), positive.
    mutating func decimal(_ object: CatalogObject, _ key: String) -> DecimalNumber? {
        guard let value = object[key] else { return nil }
        guard let text = value.string, let number = DecimalNumber(text), number.units > 0 else {
            error("\(object.path(key)) must be a positive decimal string such as \"1.35\", found \(describe(value))",
                  at: value.location, code: "type")
            return nil
        }
        return number
    }
}
