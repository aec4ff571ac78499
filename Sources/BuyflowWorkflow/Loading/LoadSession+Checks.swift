import BuyflowCore
import BuyflowExpressions

/// `capture` and `assert`.
extension LoadSession {
    /// Names a capture may not take: the roots expressions already have.
    static let reservedNames: Set<String> = [
        "data", "errors", "extensions", "status", "headers", "duration", "attempt", "node", "vars", "env", "captures",
        "steps", "iteration", "vu", "row", "params",
    ]

    mutating func captureList(_ value: LocatedValue, record: inout FlowRecorder.StepRecord) -> [Capture] {
        guard let fields = reader.fields(value, Self.captureSpec) else { return [] }
        return fields.members.compactMap { capture($0, context: "capture", record: &record) }
    }

    /// `name: <expression>` or `name: {value: <expression>, secret: true}`.
    mutating func capture(_ member: LocatedMember, context: String, record: inout FlowRecorder.StepRecord) -> Capture? {
        let name = member.key
        if Self.isReserved(name) {
            error("'\(name)' is a reserved name and cannot be a \(context)", at: member.keyLocation, code: "reserved-name",
                  hint: "reserved: \(Self.reservedNames.sorted().joined(separator: ", ")); choose another name such as '\(name)Value'")
        } else if !Self.isCaptureName(name) {
            error("\(context) name '\(name)' must start with a letter or '_' and hold only letters, digits and '_'",
                  at: member.keyLocation, code: "capture-name")
        }
        var isSecret = false
        var expressionValue = member.value
        if member.value.members != nil {
            guard let fields = reader.fields(member.value, WorkflowSpecs.captureObject, context: "\(context) '\(name)'") else { return nil }
            isSecret = fields["secret"].flatMap { reader.bool($0, "'secret'") } ?? false
            guard let value = fields["value"] else { return nil }
            expressionValue = value
        }
        guard let expression = expression(expressionValue, UseContext("\(context) '", name, "'"), record: &record, phase: .response) else { return nil }
        return Capture(name: name, expression: expression, isSecret: isSecret, location: member.keyLocation)
    }

    /// Whether `name` is one of `reservedNames` (compared, not hashed: every capture
    /// asks): a response root, a name always defined, or one of the other roots.
    static func isReserved(_ name: String) -> Bool {
        if isResponseRoot(name) || isAlwaysDefined(name) { return true }
        switch name {
        case "vars", "captures", "steps", "row", "params": return true
        default: return false
        }
    }

    /// An ASCII letter or `_`, then ASCII letters, digits and `_`.
    static func isCaptureName(_ name: String) -> Bool {
        func isLetter(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z")) }
        let bytes = name.utf8.span
        guard !bytes.isEmpty, isLetter(bytes[0]) else { return false }
        for index in bytes.indices where !isLetter(bytes[index]) && !(bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) {
            return false
        }
        return true
    }

    mutating func assertionList(_ value: LocatedValue, record: inout FlowRecorder.StepRecord) -> [Assertion] {
        guard let items = reader.list(value, "'assert'", hint: "write each assertion as a list item: '- data.cart.totalQuantity == 2'") else {
            return []
        }
        var result: [Assertion] = []
        result.reserveCapacity(items.count)
        for item in items {
            if item.members != nil {
                guard let fields = reader.fields(item, WorkflowSpecs.assertion) else { continue }
                guard let thatValue = fields["that"],
                      let that = expression(thatValue, "'that'", record: &record, phase: .response) else { continue }
                guard let name = fields.first(named: WorkflowSpecs.assertionOperators), let op = AssertionOperator(rawValue: name), let expectedValue = fields.member(named: name)?.value else {
                    error("an assertion with 'that' needs one operator: \(WorkflowSpecs.assertionOperators.joined(separator: ", "))",
                          at: fields.location, code: "assertion")
                    continue
                }
                checkOperand(op, expectedValue)
                let expected = valueTemplate(expectedValue, record: &record, phase: .response, context: UseContext("'", name, "'"))
                result.append(Assertion(check: .comparison(that: that, operator: op, expected: expected), location: item.location))
            } else if let parsed = expression(item, "an assertion", record: &record, phase: .response) {
                result.append(Assertion(check: .expression(parsed), location: item.location))
            }
        }
        return result
    }

    /// Operand types the operator needs, where they are literal.
    mutating func checkOperand(_ op: AssertionOperator, _ value: LocatedValue) {
        if let text = value.string, Template.containsTemplate(text) { return }
        switch op {
        case .exists:
            _ = reader.bool(value, "'exists'")
        case .length:
            _ = reader.int(value, "'length'", in: 0...Int.max)
        case .type:
            _ = reader.choice(value, among: ["null", "boolean", "number", "string", "list", "object"], "'type'")
        case .oneOf:
            _ = reader.list(value, "'oneOf'")
        case .matches:
            guard let pattern = reader.string(value, "'matches'") else { return }
            if case .failure(let problem) = ExpressionRegexCache.regex(pattern) {
                self.error("'matches' holds an invalid regular expression: \(problem)", at: value.location, code: "regex")
            }
        case .gt, .gte, .lt, .lte:
            if value.double == nil, value.string.flatMap(DecimalNumber.init) == nil {
                reader.typeError(value, expected: "a number or a decimal string", context: "'\(op.rawValue)'")
            }
        default:
            break
        }
    }
}
