import BuyflowCore
import BuyflowExpressions

/// A value of the workflow file that may hold templates (`${{ … }}`) anywhere in its
/// strings: variables, headers, `with`, `vars`, shop settings. Rendering it gives a
/// `JSONValue`; a string that is exactly one template keeps the expression's JSON type.
public struct ValueTemplate: Sendable {
    /// Not `indirect`: a list's or an object's items are in an array already, so a value
    /// needs no box of its own (one allocation less for every value of a workflow).
    public enum Node: Sendable {
        /// No template inside: the value as written (YAML types kept).
        case literal(JSONValue)
        /// A string with templates, and its text as written.
        case template(Template, text: String)
        case list([ValueTemplate])
        case object([(key: String, value: ValueTemplate)])
    }

    public var node: Node
    public var location: SourceLocation

    public init(_ node: Node, location: SourceLocation) {
        self.node = node
        self.location = location
    }

    public static func literal(_ value: JSONValue, at location: SourceLocation) -> ValueTemplate {
        ValueTemplate(.literal(value), location: location)
    }

    /// The value when it holds no template.
    public var literalValue: JSONValue? {
        switch node {
        case .literal(let value): return value
        case .template: return nil
        case .list(let items):
            var values: [JSONValue] = []
            for item in items {
                guard let value = item.literalValue else { return nil }
                values.append(value)
            }
            return .array(values)
        case .object(let members):
            var object = JSONObject()
            for member in members {
                guard let value = member.value.literalValue else { return nil }
                object[member.key] = value
            }
            return .object(object)
        }
    }

    /// Every template inside, with where its string is written.
    public var templates: [(template: Template, location: SourceLocation)] {
        switch node {
        case .literal: []
        case .template(let template, _): [(template, location)]
        case .list(let items): items.flatMap(\.templates)
        case .object(let members): members.flatMap(\.value.templates)
        }
    }

    /// A short form for messages: the literal as JSON, or the template's text.
    public var sourceText: String {
        switch node {
        case .literal(let value): value.description
        case .template(_, let text): text
        case .list(let items): "[" + items.map(\.sourceText).joined(separator: ", ") + "]"
        case .object(let members): "{" + members.map { "\($0.key): \($0.value.sourceText)" }.joined(separator: ", ") + "}"
        }
    }

    /// The value with every template rendered in `scope`.
    public func render(in scope: ExpressionScope) throws(TemplateFailure) -> JSONValue {
        switch node {
        case .literal(let value):
            return value
        case .template(let template, let text):
            do {
                return try template.render(in: scope)
            } catch {
                throw TemplateFailure(error: error, template: text, location: location)
            }
        case .list(let items):
            var values: [JSONValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try item.render(in: scope)) }
            return .array(values)
        case .object(let members):
            var object = JSONObject(minimumCapacity: members.count)
            for member in members { object[member.key] = try member.value.render(in: scope) }
            return .object(object)
        }
    }
}

/// A template that could not be rendered when the step ran: the step fails with error
/// kind `template`, naming the template and where it is written.
public struct TemplateFailure: Error, Sendable, CustomStringConvertible {
    public var error: ExpressionError
    public var template: String
    public var location: SourceLocation

    public var description: String { "\(location): template \(template): \(error.message)" }
}
