/// ValuesOfCorrectType (spec 5.6.1): literals fit the type expected where they stand.
///
/// Like graphql-js: a single value where a list is expected is checked as an item (input
/// coercion makes it a one-item list); `Int` is 32-bit; `Float` takes integers; `ID`
/// takes strings and integers; custom scalars take any literal (the server parses them);
/// input objects get every required field, no unknown field, and oneOf input objects
/// exactly one non-null field. Variables are not checked here but recorded as usages with
/// the type expected at their position (VariablesInAllowedPosition checks them).
extension ValidationRun {
    /// Where a value stands, for messages.
    struct ValueSite {
        enum Kind { case fieldArgument, directiveArgument, inputField, variableDefault }
        var kind: Kind
        var name: String
        /// The field, directive or input type the value belongs to.
        var owner: String
        /// The value is an item of a list at this site.
        var isItem = false

        init(_ kind: Kind, name: String, owner: String = "") {
            self.kind = kind
            self.name = name
            self.owner = owner
        }

        /// `argument 'first' on field 'lines'`, `an item of field 'lines' of input 'CartInput'`.
        var described: String {
            let site = switch kind {
            case .fieldArgument: "argument '\(name)' on field '\(owner)'"
            case .directiveArgument: "argument '\(name)' on directive '@\(owner)'"
            case .inputField: "field '\(name)' of input '\(owner)'"
            case .variableDefault: "the default value of '$\(name)'"
            }
            return isItem ? "an item of " + site : site
        }
    }

    /// Walks a value expecting `type` (`nil`: unknown, nothing to check against).
    /// `checked` is false under a value already reported (graphql-js skips those), where
    /// only variables are recorded.
    mutating func checkValue(_ value: Value, _ type: TypeRef?, hasDefault: Bool, site: ValueSite, checked: Bool) {
        switch value.kind {
        case .variable(let name):
            if fragmentLocalVariables.isEmpty || !fragmentLocalVariables.contains(name) {
                current.usages.append(VariableUsage(
                    name: name, location: value.location, type: type, hasLocationDefault: hasDefault, oneOfType: nil
                ))
            }
        case .null:
            if checked, let type, type.isNonNull { reportInvalidValue(value, expecting: type, site: site) }
        case .list(let items):
            var itemType: TypeRef?
            var checksItems = checked
            if let type {
                let nullable = type.nullableType
                if case .list(let inner) = nullable {
                    itemType = inner
                } else {
                    // A list where a single value is expected.
                    itemType = nullable
                    if checked { checkLiteral(value, expecting: nullable, site: site) }
                    checksItems = false
                }
            }
            var itemSite = site
            itemSite.isItem = true
            for item in items { checkValue(item, itemType, hasDefault: false, site: itemSite, checked: checksItems) }
        case .object(let fields):
            if fields.count > 1 { checkUniqueInputFields(fields) }
            guard let type, case let named = schema[type], named.kind == .inputObject else {
                if checked, let type { checkLiteral(value, expecting: type, site: site) }
                for field in fields {
                    checkValue(field.value, nil, hasDefault: false, site: ValueSite(.inputField, name: field.name.value), checked: false)
                }
                return
            }
            if checked { checkInputObject(value, fields: fields, type: named) }
            for field in fields {
                let definition = named.inputField(named: field.name.value)
                if let definition {
                    if definition.deprecationReason != nil, deprecations {
                        warnDeprecated(
                            "field '\(definition.name)' of input '\(named.name)' is deprecated",
                            reason: definition.deprecationReason, at: field.name.location
                        )
                    }
                } else if checked {
                    reportUnknownInputField(field, type: named)
                }
                let usagesBefore = current.usages.count
                checkValue(
                    field.value, definition?.type, hasDefault: definition?.defaultValue != nil,
                    site: ValueSite(.inputField, name: field.name.value, owner: named.name), checked: checked
                )
                if named.isOneOf, fields.count == 1, current.usages.count == usagesBefore + 1, case .variable = field.value.kind {
                    current.usages[usagesBefore].oneOfType = named
                    current.usages[usagesBefore].oneOfLocation = value.location
                }
            }
        case .enumValue(let name):
            guard let type else { return }
            if checked { checkLiteral(value, expecting: type, site: site) }
            let named = schema[type]
            if deprecations, named.kind == .enum, let enumValue = named.enumValue(named: name), enumValue.deprecationReason != nil {
                warnDeprecated(
                    "enum value '\(name)' of '\(named.name)' is deprecated", reason: enumValue.deprecationReason, at: value.location
                )
            }
        case .int, .float, .string, .boolean:
            if checked, let type { checkLiteral(value, expecting: type, site: site) }
        }
    }

    /// A literal other than a variable or null where `type` is expected: graphql-js's
    /// `isValidValueNode`, the built-in scalars' `parseLiteral`.
    private mutating func checkLiteral(_ value: Value, expecting type: TypeRef, site: ValueSite) {
        let named = schema[type]
        var suggestion: String?
        var hint: String?
        switch named.kind {
        case .enum:
            switch value.kind {
            case .enumValue(let name):
                if named.enumValue(named: name) != nil { return }
                suggestion = Self.suggest(name, among: named.enumValues.lazy.map(\.name))
            case .string(let text, _):
                if named.enumValue(named: text) != nil {
                    suggestion = text
                    hint = "enum values are written without quotes"
                } else {
                    suggestion = Self.suggest(text, among: named.enumValues.lazy.map(\.name))
                }
            default:
                break
            }
            if suggestion == nil, named.enumValues.count <= 8 {
                hint = "'\(named.name)' has the values \(Self.plainList(named.enumValues.map(\.name)))"
            }
        case .scalar:
            switch value.kind {
            case .int(let text):
                if named === schema.intType {
                    if Int32(text) != nil { return }
                    hint = "'Int' is a 32-bit signed integer, from -2147483648 to 2147483647"
                } else if named === schema.stringType {
                    hint = "strings are written in double quotes"
                } else if named !== schema.booleanType {
                    return  // Float, ID and custom scalars take integers.
                }
            case .float:
                if named !== schema.intType, named !== schema.stringType, named !== schema.booleanType, named !== schema.idType {
                    return
                }
                if named === schema.stringType { hint = "strings are written in double quotes" }
            case .string(let text, _):
                if named !== schema.intType, named !== schema.floatType, named !== schema.booleanType { return }
                if named === schema.booleanType, text == "true" || text == "false" {
                    hint = "booleans are written without quotes"
                } else if named !== schema.booleanType, Double(text) != nil {
                    hint = "numbers are written without quotes"
                }
            case .boolean:
                if named !== schema.intType, named !== schema.floatType, named !== schema.stringType, named !== schema.idType {
                    return
                }
            case .enumValue, .list, .object:
                if !named.isBuiltIn { return }
            case .variable, .null:
                return
            }
        case .inputObject:
            hint = "input objects are written in braces: { field: value }"
        default:
            break
        }
        if case .list = value.kind { hint = "'\(schema.describe(type))' takes one value, not a list" }
        reportInvalidValue(value, expecting: type, site: site, suggestion: suggestion, hint: hint)
    }

    private mutating func reportInvalidValue(
        _ value: Value, expecting type: TypeRef, site: ValueSite, suggestion: String? = nil, hint: String? = nil
    ) {
        report(
            .valuesOfCorrectType,
            "expected a value of type '\(schema.describe(type))' for \(site.described), found \(Self.printed(value))",
            at: value.location, suggestion: suggestion, hint: hint
        )
    }

    /// Required fields and the oneOf rule of an input object literal.
    private mutating func checkInputObject(_ value: Value, fields: [ObjectField], type: NamedType) {
        guard rules.contains(.valuesOfCorrectType) else { return }
        for definition in type.inputFields where definition.type.isNonNull && definition.defaultValue == nil {
            if fields.contains(where: { $0.name.value == definition.name }) { continue }
            report(
                .valuesOfCorrectType,
                "field '\(definition.name)' of type '\(schema.describe(definition.type))' is required by input '\(type.name)' but not provided",
                at: value.location
            )
        }
        guard type.isOneOf else { return }
        var names: [String] = []
        for field in fields where !names.contains(field.name.value) { names.append(field.name.value) }
        if names.count != 1 {
            report(
                .valuesOfCorrectType,
                "oneOf input '\(type.name)' must be given exactly one field, found \(names.count)", at: value.location,
                hint: "give one of \(Self.quotedList(type.inputFields.map(\.name), limit: .max))"
            )
        } else if let field = fields.last(where: { $0.name.value == names[0] }), field.value.kind == .null {
            report(
                .valuesOfCorrectType, "field '\(field.name.value)' of oneOf input '\(type.name)' must not be null",
                at: field.value.location, event: .enter(value.location)
            )
        }
    }

    private mutating func reportUnknownInputField(_ field: ObjectField, type: NamedType) {
        guard rules.contains(.valuesOfCorrectType) else { return }
        report(
            .valuesOfCorrectType, "field '\(field.name.value)' is not defined by input '\(type.name)'", at: field.location,
            suggestion: Self.suggest(field.name.value, among: type.inputFields.lazy.map(\.name))
        )
    }

    /// The oneOf rule for a variable: it must be non-null, so that exactly one field is set.
    mutating func reportNullableOneOfVariable(
        _ usage: VariableUsage, _ variable: VariableDefinitionRecord, _ variableType: TypeRef, oneOf: NamedType
    ) {
        report(
            .valuesOfCorrectType,
            "variable '$\(usage.name)' of type '\(schema.describe(variableType))' must be non-null to be used for oneOf input '\(oneOf.name)'",
            at: usage.location, notes: [note("'$\(usage.name)' is defined here", at: variable.location)],
            hint: "declare it non-null: '$\(usage.name): \(schema.describe(variableType))!'",
            event: .enter(usage.oneOfLocation)
        )
    }
}
