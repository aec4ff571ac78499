import BuyflowCore
import GraphQLKit

/// Checks workflow values against GraphQL input types, recursively, collecting every
/// problem (spec "Input Coercion" for lists, input objects, enums and scalars).
struct InputValueCheck {
    let schema: Schema
    private(set) var diagnostics: [Diagnostic] = []

    init(schema: Schema) { self.schema = schema }

    mutating func report(
        _ message: String, at location: SourceLocation, suggestion: String? = nil, hint: String? = nil
    ) {
        diagnostics.append(.error(message, at: location, code: VariableCheck.code, suggestion: suggestion, hint: hint))
    }

    mutating func unknownVariable(_ member: LocatedMember, defined names: [String]) {
        let suggestion = Suggestions.closest(to: member.key, among: names)
        let hint: String? =
            if suggestion != nil { nil } else if names.isEmpty { "the operation declares no variables" } else {
                "the operation declares " + names.map { "'\($0)'" }.joined(separator: ", ")
            }
        report(
            "the operation has no variable '\(member.key)'", at: member.keyLocation, suggestion: suggestion, hint: hint
        )
    }

    /// Checks `value`, written at `path` (`input.lines[0].quantity`), against `type`.
    mutating func check(_ value: LocatedValue, against type: TypeRef, path: String) {
        check(value, against: type, path: { path })
    }

    /// `check` with the path made only for a message (`path()`), so a clean value at any
    /// depth makes no string.
    private mutating func check(_ value: LocatedValue, against type: TypeRef, path: () -> String) {
        if TemplateText.isWholeTemplate(value) { return }
        switch type {
        case .nonNull(let inner):
            if value.isNull {
                report("'\(path())' must not be null (\(schema.describe(type)))", at: value.location)
                return
            }
            check(value, against: inner, path: path)
        case .list(let item):
            if value.isNull { return }
            guard let items = value.list else {
                // Input coercion: a single value stands for a list of one.
                check(value, against: item, path: path)
                return
            }
            for (offset, element) in items.enumerated() {
                check(element, against: item, path: { "\(path())[\(offset)]" })
            }
        case .named(let id):
            if value.isNull { return }
            let named = schema[id]
            switch named.kind {
            case .inputObject: checkObject(value, named, path: path)
            case .enum: checkEnum(value, named, path: path)
            default: checkScalar(value, named, path: path)
            }
        }
    }

    private mutating func checkScalar(_ value: LocatedValue, _ scalar: NamedType, path: () -> String) {
        switch ScalarInput.problem(value, for: scalar) {
        case nil: return
        case .outOfRange:
            report(
                "'\(path())' is out of range for Int (a 32-bit signed integer): \(value.text ?? "\(value.json)")",
                at: value.location
            )
        case .wrongKind:
            let quoted = value.content.isNumberOrBool && scalar.name != "Int" && scalar.name != "Float"
                && scalar.name != "Boolean"
            report(
                "'\(path())' expects \(ScalarInput.expectation(scalar)), found \(value.quotedDescription)",
                at: value.location,
                hint: quoted ? "quote it to pass it as a string: '\"\(value.text ?? "")\"'" : nil
            )
        }
    }

    private mutating func checkEnum(_ value: LocatedValue, _ type: NamedType, path: () -> String) {
        guard let name = value.string else {
            report("'\(path())' expects a \(type.name) value, found \(value.quotedDescription)", at: value.location)
            return
        }
        guard type.enumValue(named: name) == nil else { return }
        let suggestion = Suggestions.closest(to: name, among: type.enumValues.map(\.name))
        report(
            "'\(path())' expects a \(type.name) value, found '\(name)'", at: value.location, suggestion: suggestion,
            hint: suggestion == nil ? Self.listing(type.enumValues.map(\.name), of: type.name) : nil
        )
    }

    private mutating func checkObject(_ value: LocatedValue, _ type: NamedType, path: () -> String) {
        guard let members = value.members else {
            report(
                "'\(path())' expects an input object (\(type.name)), found \(value.quotedDescription)", at: value.location
            )
            return
        }
        for member in members {
            guard let field = type.inputField(named: member.key) else {
                let suggestion = Suggestions.closest(to: member.key, among: type.inputFields.map(\.name))
                report(
                    "\(type.name) has no field '\(member.key)'", at: member.keyLocation, suggestion: suggestion,
                    hint: suggestion == nil ? Self.listing(type.inputFields.map(\.name), of: type.name) : nil
                )
                continue
            }
            check(member.value, against: field.type, path: { "\(path()).\(member.key)" })
        }
        for field in type.inputFields where field.isRequired && !members.contains(where: { $0.key == field.name }) {
            report(
                "'\(path())' is missing the required field '\(field.name)' of \(type.name)"
                    + " (\(schema.describe(field.type)))",
                at: value.location
            )
        }
        if type.isOneOf {
            let set = members.filter { !$0.value.isNull }
            if set.count != 1 {
                report(
                    "'\(path())' must set exactly one field of \(type.name) (it is @oneOf), found \(set.count)",
                    at: value.location
                )
            }
        }
    }

    /// "CartLineParentInput takes 'lineId', 'merchandiseId'" for short lists; `nil` for long ones.
    private static func listing(_ names: [String], of type: String) -> String? {
        guard !names.isEmpty, names.count <= 12 else { return nil }
        return "\(type) takes " + names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

extension LocatedValue.Content {
    /// A number or a boolean: a value a user may have meant as a string.
    fileprivate var isNumberOrBool: Bool {
        switch self {
        case .int, .double, .bool: true
        default: false
        }
    }
}
