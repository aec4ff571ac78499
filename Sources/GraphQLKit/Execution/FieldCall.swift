import BuyflowCore

/// One call of a field resolver: the parent value, the coerced arguments, the request's
/// context and where in the operation and response the field stands.
public struct FieldCall: Sendable {
    /// The value of the object this field belongs to (the root value for root fields).
    public let parent: ResolvedValue
    /// The coerced argument values (spec "CoerceArgumentValues"): defaults applied, enum
    /// values as strings, `ID`s as strings, `Float`s as doubles, input objects as objects
    /// in definition order. An argument given as `null` is `.null`; one neither given
    /// nor defaulted is absent.
    public let arguments: JSONObject
    let field: PlannedField
    let environment: ExecutionEnvironment
    let parentPath: ResponsePath?

    init(parent: ResolvedValue, arguments: JSONObject, field: PlannedField, environment: ExecutionEnvironment, parentPath: ResponsePath?) {
        self.parent = parent
        self.arguments = arguments
        self.field = field
        self.environment = environment
        self.parentPath = parentPath
    }

    /// The argument `name`, as coerced.
    public subscript(argument name: String) -> JSONValue? { arguments[name] }

    /// The `context` given to `execute`.
    public var context: (any Sendable)? { environment.context }

    /// The context as `T`.
    public func context<T>(as type: T.Type) -> T? { environment.context as? T }

    /// The parent's application value (`ResolvedValue.object`) as `T`.
    public func parent<T>(as type: T.Type) -> T? { parent.value(as: type) }

    /// The field's name in the schema (not its alias).
    public var fieldName: String { field.name }
    /// The key of the field in the response: its alias, or its name.
    public var responseKey: String { field.responseKey }
    /// The object type the field is selected on.
    public var parentType: NamedType { field.parentType }
    public var fieldDefinition: SchemaField { field.definition }
    public var returnType: TypeRef { field.definition.type }
    public var schema: Schema { environment.schema }
    /// The response path of this field, e.g. `["product", "variants", 0, "price"]`.
    public var path: [PathComponent] { ResponsePath.components(parentPath, .key(field.responseKey)) }
    /// The selections of this field (several when fields with the same response key merge).
    public var fieldNodes: [Field] { field.nodes.map(\.node) }
    /// The operation being executed.
    public var operation: OperationDefinition { environment.operation.operation }
    /// The coerced variable values of the request.
    public var variables: JSONObject { environment.variables }

    /// The coerced arguments of a directive on the operation, such as
    /// `query @inContext(country: CA) { … }`: `["country": "CA"]`, variables substituted
    /// and defaults applied; `nil` when the operation does not carry it (or the schema
    /// does not define it).
    public func operationDirective(_ name: String) -> JSONObject? { environment.operationDirectives[name] }
}
