import BuyflowCore
import BuyflowExpressions

/// Templates, expressions and settings, with parse errors pointed at the exact column
/// inside the YAML scalar.
extension LoadSession {
    /// Maps offsets inside a string scalar to its file (the map is built when first used).
    func sourceMap(_ value: LocatedValue) -> ScalarSource? {
        guard let source = sourcesByPath[value.location.path] else { return nil }
        return ScalarSource(scalar: value, file: source)
    }

    /// An `ExpressionError` as a diagnostic inside the scalar.
    mutating func report(_ failure: ExpressionError, in value: LocatedValue, map: ScalarSource?, base: Int, context: UseContext) {
        let location = map?.location(ofUTF8Offset: base + failure.offset) ?? value.location
        error("\(failure.message) in \(context)", at: location, code: "expression", suggestion: failure.suggestion, hint: failure.hint)
    }

    /// A value that may hold templates anywhere in its strings.
    mutating func valueTemplate(
        _ value: LocatedValue, record: inout FlowRecorder.StepRecord, phase: FlowRecorder.Phase, context: UseContext
    ) -> ValueTemplate {
        switch value.content {
        case .string(let text):
            // A string without a template is a literal.
            guard Template.containsTemplate(text) else { return .literal(value.json, at: value.location) }
            do {
                let parsed = try expressionMemo.template(text)
                recordUses(of: parsed, in: value, record: &record, phase: phase, context: context)
                return ValueTemplate(.template(parsed.template, text: text), location: value.location)
            } catch {
                report(error, in: value, map: sourceMap(value), base: 0, context: context)
                return .literal(.string(text), at: value.location)
            }
        case .list(let items):
            return ValueTemplate(.list(items.map { valueTemplate($0, record: &record, phase: phase, context: context) }), location: value.location)
        case .map(let members):
            var seen: Set<String> = []
            var entries: [(key: String, value: ValueTemplate)] = []
            for member in members {
                guard seen.insert(member.key).inserted else {
                    error("duplicate key '\(member.key)' in \(context)", at: member.keyLocation, code: "duplicate-key")
                    continue
                }
                entries.append((member.key, valueTemplate(member.value, record: &record, phase: phase, context: context)))
            }
            return ValueTemplate(.object(entries), location: value.location)
        default:
            return .literal(value.json, at: value.location)
        }
    }

    /// A flow record of each expression of a template, in order.
    private func recordUses(
        of parsed: ExpressionMemo.ParsedTemplate, in value: LocatedValue, record: inout FlowRecorder.StepRecord,
        phase: FlowRecorder.Phase, context: UseContext
    ) {
        var expressionIndex = 0
        for part in parsed.template.parts {
            if case .expression(_, let offset) = part {
                record.uses.append(FlowRecorder.Use(
                    references: parsed.references[expressionIndex], scalar: value, base: offset, phase: phase, context: context
                ))
                expressionIndex += 1
            }
        }
    }

    /// An expression written bare (`data.cart.id == vars.id`) or as one template
    /// (`${{ data.cart.id }}`); YAML booleans and numbers are literal expressions.
    mutating func expression(
        _ value: LocatedValue, _ context: UseContext, record: inout FlowRecorder.StepRecord, phase: FlowRecorder.Phase
    ) -> ParsedExpression? {
        var text: String
        switch value.content {
        case .string(let string): text = string
        case .bool, .int, .double: text = value.text ?? value.json.description
        default:
            reader.typeError(value, expected: "an expression", context: context.description,
                             hint: "write the expression as a string, e.g. data.cart.totalQuantity == 2")
            return nil
        }
        var base = 0
        if let inner = Self.singleTemplate(text) {
            base = inner.offset
            text = inner.text
        } else if Template.containsTemplate(text) {
            let offset = text.firstRange(of: "${{").map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
            error("\(context) is an expression: write it without '${{ }}', or as exactly one '${{ … }}'",
                  at: sourceMap(value)?.location(ofUTF8Offset: offset) ?? value.location, code: "expression",
                  hint: "expressions see every name templates see; text around a template makes it a string")
            return nil
        }
        do {
            let parsed = try expressionMemo.expression(text)
            record.uses.append(FlowRecorder.Use(references: parsed.references, scalar: value, base: base, phase: phase, context: context))
            return ParsedExpression(expression: parsed.expression, text: parsed.trimmed, location: value.location)
        } catch {
            report(error, in: value, map: sourceMap(value), base: base, context: context)
            return nil
        }
    }

    /// `${{ inner }}` filling the whole (trimmed) string: the inner text and its offset.
    static func singleTemplate(_ text: String) -> (text: String, offset: Int)? {
        let bytes = text.utf8.span
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 }
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        // Most expressions are bare: no `$` first, no template.
        guard end - start >= 5, bytes[start] == UInt8(ascii: "$") else { return nil }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard end - start >= 5, bytes[start + 1] == UInt8(ascii: "{"), bytes[start + 2] == UInt8(ascii: "{"),
              bytes[end - 2] == UInt8(ascii: "}"), bytes[end - 1] == UInt8(ascii: "}") else {
            return nil
        }
        let innerStart = start + 3, innerEnd = end - 2
        // A second template inside means text between templates: not a single one.
        var index = innerStart
        while index + 3 <= innerEnd {
            if bytes[index] == UInt8(ascii: "$"), bytes[index + 1] == UInt8(ascii: "{"), bytes[index + 2] == UInt8(ascii: "{") { return nil }
            index += 1
        }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: innerStart), to = utf8.index(utf8.startIndex, offsetBy: innerEnd)
        return (String(text[from..<to]), innerStart)
    }

    /// A duration written literally (`10s`) or as a template.
    mutating func durationSetting(_ value: LocatedValue, _ context: UseContext, record: inout FlowRecorder.StepRecord) -> Setting<Duration>? {
        if let text = value.string, Template.containsTemplate(text) {
            return .template(valueTemplate(value, record: &record, phase: .request, context: context))
        }
        return reader.duration(value, context.description).map(Setting.literal)
    }

    /// An integer written literally or as a template.
    mutating func intSetting(
        _ value: LocatedValue, _ context: UseContext, in range: ClosedRange<Int>, record: inout FlowRecorder.StepRecord
    ) -> Setting<Int>? {
        if let text = value.string, Template.containsTemplate(text) {
            return .template(valueTemplate(value, record: &record, phase: .request, context: context))
        }
        return reader.int(value, context.description, in: range).map(Setting.literal)
    }

    /// `headers:` — a mapping of names to text (templates allowed).
    mutating func headers(_ value: LocatedValue, record: inout FlowRecorder.StepRecord) -> [(name: String, value: ValueTemplate)] {
        guard let fields = reader.fields(value, Self.headersSpec) else { return [] }
        var result: [(name: String, value: ValueTemplate)] = []
        for member in fields.members {
            if !Self.isHeaderName(member.key) {
                error("'\(member.key)' is not a valid HTTP header name", at: member.keyLocation, code: "header",
                      hint: "header names are letters, digits and !#$%&'*+-.^_`|~")
                continue
            }
            if member.value.members != nil || member.value.list != nil {
                reader.typeError(member.value, expected: "a string", context: "header '\(member.key)'")
                continue
            }
            if let text = member.value.string, text.contains("\n") || text.contains("\r") {
                error("header '\(member.key)' must be one line", at: member.value.location, code: "header")
                continue
            }
            result.append((member.key, valueTemplate(member.value, record: &record, phase: .request, context: UseContext("header '", member.key, "'"))))
        }
        return result
    }

    /// Step headers over default headers (names compare case-insensitively).
    func mergeHeaders(
        _ base: [(name: String, value: ValueTemplate)], _ more: [(name: String, value: ValueTemplate)]
    ) -> [(name: String, value: ValueTemplate)] {
        var merged = base.filter { header in !more.contains { $0.name.lowercased() == header.name.lowercased() } }
        merged.append(contentsOf: more)
        return merged
    }

    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
