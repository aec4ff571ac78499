import BuyflowCore
import BuyflowExpressions
import GraphQLKit

/// Operations: parsed, validated against the schema, every diagnostic placed inside the
/// YAML scalar (or the documents file) it comes from.
extension LoadSession {
    /// A mapper from line/column inside a scalar's text to the file.
    func mapper(for scalar: LocatedValue) -> GraphQLSourceMapper {
        let source = sourceMap(scalar)
        let fallback = scalar.location
        return { line, column in source?.map()?.location(line: line, column: column) ?? fallback }
    }

    /// `query:`/`mutation:` text.
    mutating func operationSource(_ text: String, scalar: LocatedValue, expected: OperationType) -> OperationSource? {
        operation(text, expected: expected, location: scalar.location, mapLocation: mapper(for: scalar))
    }

    mutating func operation(
        _ text: String, expected: OperationType?, location: SourceLocation, mapLocation: @escaping GraphQLSourceMapper
    ) -> OperationSource? {
        if let schema {
            let check = OperationCheck.check(
                text, expecting: expected, schema: schema, documents: library.documents, memo: &operationMemo, mapLocation: mapLocation
            )
            reader.report(contentsOf: check.diagnostics)
            guard let document = check.document, let definition = check.operation, !check.hasErrors else { return nil }
            // The fragments lent from `documents:` travel with the operation (the text is
            // copied only when there are some).
            let lent = lentFragments(document, text: text)
            var source = OperationSource(
                text: lent.isEmpty ? text : text + lent, kind: definition.operation, name: definition.name?.value,
                document: document, location: location
            )
            source.shape = check.shape
            return source
        }
        // No schema: syntax (and the one-operation rule) only.
        do {
            let document = try Parser.parse(text, path: "<operation>")
            let operations = document.operations
            guard operations.count == 1, let definition = operations.first else {
                error("a step's document must hold exactly one operation, found \(operations.count)", at: location, code: "graphql",
                      hint: "move other operations to their own steps; fragments may stay")
                return nil
            }
            if let expected, definition.operation != expected {
                error("'\(expected.rawValue)' holds a \(definition.operation.rawValue)", at: mapLocation(Int(definition.location.line), Int(definition.location.column)),
                      code: "graphql", hint: "use the '\(definition.operation.rawValue):' key for it")
                return nil
            }
            return OperationSource(text: text, kind: definition.operation, name: definition.name?.value, document: document, location: location)
        } catch {
            var relocated = error
            if let at = error.location { relocated.location = mapLocation(at.line, at.column) }
            reader.report(relocated)
            return nil
        }
    }

    /// The source of the fragments `document` holds that `text` does not define (those
    /// lent from `documents:`), each after a blank line; empty when there are none.
    func lentFragments(_ document: Document, text: String) -> String {
        guard !library.fragmentTexts.isEmpty, let parsed = try? Parser.parse(text, path: "<operation>") else { return "" }
        let own = Set(parsed.fragments.map(\.name.value))
        var out = ""
        for fragment in document.fragments where !own.contains(fragment.name.value) {
            if let source = library.fragmentTexts[fragment.name.value] { out += "\n\n" + source }
        }
        return out
    }

    /// `operation: Name` from `documents`.
    mutating func namedOperation(_ name: String, at value: LocatedValue) -> OperationSource? {
        guard let named = library.operations[name] else {
            let names = library.operations.keys.sorted()
            error("no operation named '\(name)' in 'documents'", at: value.location, code: "operation",
                  suggestion: Suggestions.closest(to: name, among: names),
                  hint: names.isEmpty ? "list .graphql files under 'documents:' at the top of the workflow" : "operations: \(names.joined(separator: ", "))")
            return nil
        }
        let utf8 = Array(named.text.utf8)
        let start = Int(named.definition.location.start), end = min(Int(named.definition.location.end), utf8.count)
        let text = String(decoding: utf8[start..<end], as: UTF8.self)
        let firstLine = named.location.line, firstColumn = named.location.column, path = named.path
        guard var source = operation(text, expected: nil, location: named.location, mapLocation: { line, column in
            SourceLocation(file: path, line: firstLine + line - 1, column: line == 1 ? firstColumn + column - 1 : column)
        }) else { return nil }
        source.location = value.location
        return source
    }

    /// `node: <id>`, `as: <Type>`, `select: <fields>`.
    mutating func nodeLookup(_ fields: Fields, id: LocatedValue, record: inout FlowRecorder.StepRecord) -> NodeLookup? {
        let idTemplate = valueTemplate(id, record: &record, phase: .request, context: "'node'")
        if id.string == nil {
            reader.typeError(id, expected: "a global ID such as gid://shopify/Product/1, or a template giving one", context: "'node'")
        }
        guard let asValue = fields["as"] else {
            error("a node step needs 'as: <Type>'", at: fields.member("node")!.keyLocation, code: "node",
                  hint: "e.g. 'as: Product' with 'select: title handle'")
            return nil
        }
        guard let typeName = reader.string(asValue, "'as'") else { return nil }
        guard let selectValue = fields["select"] else {
            error("a node step needs 'select: <fields>'", at: fields.member("node")!.keyLocation, code: "node",
                  hint: "the fields to read from the node, e.g. 'select: title handle'")
            return nil
        }
        guard let select = reader.string(selectValue, "'select'") else { return nil }
        if let schema {
            let problems = NodeCheck.check(typeName: typeName, at: asValue.location, schema: schema)
            reader.report(contentsOf: problems)
            if problems.contains(where: { $0.severity == .error }) { return nil }
        }
        let query = NodeQuery(
            typeName: typeName, select: select, selectLocation: selectValue.location, typeLocation: asValue.location,
            mapSelect: mapper(for: selectValue)
        )
        guard let operation = operation(query.text, expected: .query, location: selectValue.location, mapLocation: query.mapLocation) else {
            return nil
        }
        return NodeLookup(id: idTemplate, typeName: typeName, typeLocation: asValue.location, operation: operation)
    }

    mutating func checkVariables(_ variables: LocatedValue?, definition: OperationDefinition, schema: Schema, fallback: SourceLocation) {
        let check = VariableCheck(variables, definitions: definition.variableDefinitions, schema: schema, missingLocation: fallback)
        reader.report(contentsOf: check.diagnostics)
    }
}
