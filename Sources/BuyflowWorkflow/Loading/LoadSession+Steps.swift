import BuyflowCore
import BuyflowExpressions
import GraphQLKit

/// Steps: the body, its settings, and the names each uses.
extension LoadSession {
    /// Mappings of free names, read for every step that has them.
    static let variablesSpec = ObjectSpec("variables", name: "'variables'", keys: [], otherKeys: .any)
    static let captureSpec = ObjectSpec("captures", name: "'capture'", keys: [], otherKeys: .any)
    static let headersSpec = ObjectSpec("headers", name: "'headers'", keys: [], otherKeys: .string)
    static let paramsSpec = ObjectSpec("params", name: "'params'", keys: [], otherKeys: .any)
    static let outputsSpec = ObjectSpec("outputs", name: "'outputs'", keys: [], otherKeys: .any)

    mutating func stepList(_ value: LocatedValue?, context: String, scope: inout ScopeContext) -> [Step] {
        guard let value else { return [] }
        guard let items = reader.list(value, context, hint: "write each step as a list item starting with '- name: …'") else { return [] }
        if items.isEmpty {
            error("\(context) needs at least one step", at: value.location, code: "empty")
        }
        expressionMemo.reserve(steps: items.count)
        flow.reserve(steps: items.count, in: scope.flowScope)
        var steps: [Step] = []
        steps.reserveCapacity(items.count)
        for item in items { if let step = step(item, scope: scope) { steps.append(step) } }
        return steps
    }

    mutating func step(_ value: LocatedValue, scope: ScopeContext) -> Step? {
        guard let fields = reader.fields(value, WorkflowSpecs.step) else { return nil }
        let name = fields["name"].flatMap { reader.text($0, "a step's 'name'") } ?? ""
        var id = Self.kebabCase(name)
        if let idValue = fields["id"], let text = reader.text(idValue, "a step's 'id'") {
            if Self.isIdentifier(text) {
                id = text
            } else {
                badStepID(text, at: idValue.location)
            }
        } else if id.isEmpty, let nameValue = fields["name"] {
            nameGivesNoID(name, at: nameValue.location)
        }
        var record = flow.beginStep(id: id, name: name, location: value.location, scope: scope.flowScope)

        let body = stepBody(fields, scope: scope, record: &record)
        // What the flow check and the rest of this step need of the body, in one look.
        var operation: OperationSource?
        var sendsOwnOperation = false
        var nodeType: String?
        var outputs: [Capture] = []
        switch body {
        case .operation(let source)?:
            operation = source
            sendsOwnOperation = true
        case .node(let lookup)?:
            operation = lookup.operation
            nodeType = lookup.typeName
        case .use(let call)?:
            outputs = call.stepsFile.outputs
        case .sleep?, nil:
            break
        }
        let isMutation = operation?.kind == .mutation
        if fields.has("as") || fields.has("select"), !fields.has("node") { nodeKeysOutsideNodeStep(fields) }
        if fields.has("with"), !fields.has("use") { withOutsideUseStep(fields) }
        if fields.has("variables"), !fields.has("query"), !fields.has("mutation"), !fields.has("operation") {
            variablesWithoutOperation(fields)
        }

        var variables: [(name: String, value: ValueTemplate)] = []
        if let value = fields["variables"], let members = reader.fields(value, Self.variablesSpec) {
            for member in members.members {
                variables.append((member.key, valueTemplate(member.value, record: &record, phase: .request, context: UseContext("variable '", member.key, "'"))))
            }
        }
        if sendsOwnOperation, let operation, let definition = operation.definition, let schema {
            checkVariables(fields["variables"], definition: definition, schema: schema, fallback: fields.member("variables")?.keyLocation ?? value.location)
        }

        let captures = fields["capture"].map { captureList($0, record: &record) } ?? []
        let assertions = fields["assert"].map { assertionList($0, record: &record) } ?? []
        let errors = fields["errors"].flatMap { errorPolicy($0) } ?? scope.defaults.errors
        var userErrors = fields["userErrors"].flatMap { userErrorPolicy($0) } ?? scope.defaults.userErrors
        if fields.has("userErrors"), operation != nil, !isMutation, case .expect = userErrors { userErrorsOnQuery(fields) }
        if !isMutation, !fields.has("userErrors") { userErrors = .allow }
        var retry = fields["retry"].flatMap { retryPolicy($0, base: scope.defaults.retry, record: &record) } ?? scope.defaults.retry
        if isMutation, !retry.mutations { retry.attempts = .literal(1) }
        let poll = fields["poll"].flatMap { pollPolicy($0, record: &record) }
        let timeout = fields["timeout"].flatMap { durationSetting($0, "'timeout'", record: &record) } ?? scope.defaults.timeout
        var headers = scope.defaults.headers
        if let value = fields["headers"] { headers = mergeHeaders(headers, self.headers(value, record: &record)) }
        let condition = fields["if"].flatMap { expression($0, "'if'", record: &record, phase: .request) }
        let tags = fields["tags"].flatMap { tagList($0) } ?? []
        let continueOnError = fields["continueOnError"].flatMap { reader.bool($0, "'continueOnError'") } ?? false
        if scope.phase == .finally, continueOnError { continueOnErrorInFinally(fields) }

        record.operation = operation
        record.nodeType = nodeType
        for index in captures.indices { record.captures.append((captures[index].name, captures[index].location)) }
        for index in outputs.indices { record.captures.append((outputs[index].name, value.location)) }
        flow.endStep(record)

        guard let body else { return nil }
        return Step(
            name: name, id: id, location: value.location, body: body, variables: variables, captures: captures,
            assertions: assertions, errors: errors, userErrors: userErrors, retry: retry, poll: poll, timeout: timeout,
            headers: headers, condition: condition, tags: tags, continueOnError: continueOnError
        )
    }

    /// Exactly one of `query`, `mutation`, `operation`, `node`, `sleep`, `use`.
    mutating func stepBody(_ fields: Fields, scope: ScopeContext, record: inout FlowRecorder.StepRecord) -> StepBody? {
        guard let key = fields.first(of: WorkflowSpecs.bodyKeys) else {
            error("a step needs one of 'query', 'mutation', 'operation', 'node', 'sleep' or 'use'", at: fields.location, code: "body",
                  hint: "e.g. 'query: \"{ shop { name } }\"' or 'use: steps/add-to-cart.yaml'")
            return nil
        }
        let value = fields[key]!
        switch key {
        case "query", "mutation":
            guard let text = reader.string(value, "'\(key)'", hint: "write the document as a block: '\(key): |' and the text on the lines below") else { return nil }
            return operationSource(text, scalar: value, expected: key == "query" ? .query : .mutation).map(StepBody.operation)
        case "operation":
            guard let name = reader.string(value, "'operation'") else { return nil }
            return namedOperation(name, at: value).map(StepBody.operation)
        case "node":
            return nodeLookup(fields, id: value, record: &record).map(StepBody.node)
        case "sleep":
            return durationSetting(value, "'sleep'", record: &record).map(StepBody.sleep)
        default:
            return useCall(fields, path: value, scope: scope, record: &record).map(StepBody.use)
        }
    }

    /// The name in kebab-case: `Create cart` → `create-cart`, `Add 2 lines!` → `add-2-lines`.
    static func kebabCase(_ name: String) -> String {
        if let ascii = asciiKebabCase(name) { return ascii }
        var out = ""
        var pendingDash = false
        var previousLower = false
        for character in name {
            if character.isLetter || character.isNumber, character.isASCII {
                if character.isUppercase, previousLower { pendingDash = true }
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(contentsOf: character.lowercased())
                previousLower = character.isLowercase || character.isNumber
            } else {
                pendingDash = true
                previousLower = false
            }
        }
        return out
    }

    /// `kebabCase` of an all-ASCII name, byte by byte in one pass (the same rules: ASCII
    /// letters and digits are kept, lower-cased; anything else, or a lower-case letter or
    /// digit followed by an upper-case letter, makes one dash); `nil` at a non-ASCII byte.
    private static func asciiKebabCase(_ name: String) -> String? {
        var name = name
        return name.withUTF8 { bytes in
            // At most one dash per byte of the name, and one byte for each: twice its
            // length is room enough, on the stack (a short id is then a small string: no
            // allocation).
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count) { out -> String? in
                var count = 0
                var pendingDash = false
                var previousLower = false
                for byte in bytes {
                    if byte >= 0x80 { return nil }
                    let isUpper = byte >= 0x41 && byte <= 0x5A
                    let isLower = byte >= 0x61 && byte <= 0x7A
                    let isDigit = byte >= 0x30 && byte <= 0x39
                    if isUpper || isLower || isDigit {
                        if isUpper, previousLower { pendingDash = true }
                        if pendingDash, count > 0 {
                            out[count] = UInt8(ascii: "-")
                            count += 1
                        }
                        pendingDash = false
                        out[count] = isUpper ? byte + 0x20 : byte
                        count += 1
                        previousLower = isLower || isDigit
                    } else {
                        pendingDash = true
                        previousLower = false
                    }
                }
                return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
            }
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }

    mutating func tagList(_ value: LocatedValue) -> [String]? {
        if let single = value.string { return [single] }
        guard let items = reader.list(value, "'tags'") else { return nil }
        return items.compactMap { reader.text($0, "a tag") }
    }
}
