import BuyflowCore

/// The built-in functions (see ``ExpressionFunction``).
extension ExpressionEvaluation {
    func call(_ function: ExpressionFunction, _ arguments: [Expression], span: ExpressionSpan) throws(ExpressionError) -> EvaluatedValue {
        let argument = arguments[0]
        if function == .exists {
            if case .path(let path) = argument, scope[path.root] == nil { return .json(.bool(false)) }
            if case .json(.null) = try value(of: argument) { return .json(.bool(false)) }
            return .json(.bool(true))
        }
        let value = try value(of: argument)
        func wrongType(_ expected: String) -> ExpressionError {
            ExpressionError("\(function.name)() needs \(expected), but it is \(value.described)", at: argument.span)
        }
        switch function {
        case .exists:
            preconditionFailure("handled above")
        case .len:
            switch value {
            case .json(.string(let string)): return .json(.int(string.count))
            case .json(.array(let items)): return .json(.int(items.count))
            case .json(.object(let object)): return .json(.int(object.count))
            default: throw wrongType("a string, a list or an object")
            }
        case .type:
            return .json(.string(value.typeName))
        case .gid:
            guard case .json(.string(let string)) = value else { throw wrongType("a string") }
            return .json(Self.globalID(string))
        case .sum:
            guard case .json(.array(let items)) = value else { throw wrongType("a list") }
            return try sum(items, at: argument.span)
        case .decimal:
            switch value {
            case .decimal: return value
            case .json(let json):
                guard json.doubleValue != nil || json.stringValue != nil else { throw wrongType("a string or a number") }
                guard let number = ExpressionSemantics.decimal(from: json, text: Self.literalText(argument)) else {
                    throw ExpressionError(
                        "\(json) is not a decimal number", at: argument.span,
                        hint: "decimal() takes digits with an optional sign and point, e.g. \"160.20\"")
                }
                return .decimal(number)
            }
        case .lower, .upper:
            guard case .json(.string(let string)) = value else { throw wrongType("a string") }
            return .json(.string(function == .lower ? string.lowercased() : string.uppercased()))
        case .string:
            switch value {
            case .json(.string): return value
            case .json(let json): return .json(.string(json.description))
            case .decimal(let number): return .json(.string(number.description))
            }
        case .number:
            switch value {
            case .json(.int), .json(.double): return value
            case .decimal(let number): return .json(number.jsonNumber)
            case .json(.string(let string)):
                guard let number = DecimalNumber.exact(string) else {
                    if let double = Double(string), double.isFinite, string.utf8.allSatisfy({ !Self.isLetterOtherThanE($0) }) {
                        return .json(.double(double))
                    }
                    throw ExpressionError("\(value.json) is not a number", at: argument.span)
                }
                return .json(number.jsonNumber)
            default:
                throw wrongType("a string or a number")
            }
        }
    }

    private static func isLetterOtherThanE(_ byte: UInt8) -> Bool {
        let lowered = byte | 0x20
        return lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "z") && lowered != UInt8(ascii: "e")
    }

    /// `gid://shopify/ProductVariant/7?a=b` → `{"type": "ProductVariant", "id": "7", "query": "a=b"}`; else null.
    static func globalID(_ string: String) -> JSONValue {
        let prefix = "gid://"
        guard string.hasPrefix(prefix) else { return .null }
        var rest = string.dropFirst(prefix.count)
        var query: Substring?
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        let parts = rest.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else { return .null }
        var object = JSONObject()
        object["type"] = .string(String(parts[1]))
        object["id"] = .string(String(parts[2]))
        if let query { object["query"] = .string(String(query)) }
        return .object(object)
    }

    /// Integers stay integers (checked for overflow), a `Double` among them makes a `Double`,
    /// and a decimal or a string among them makes the exact decimal sum.
    private func sum(_ items: [JSONValue], at span: ExpressionSpan) throws(ExpressionError) -> EvaluatedValue {
        var needsDecimal = false
        var hasDouble = false
        for (position, item) in items.enumerated() {
            switch item {
            case .int: break
            case .double: hasDouble = true
            case .string: needsDecimal = true
            default:
                throw ExpressionError(
                    "sum() needs numbers or decimal strings, but element \(position) is \(EvaluatedValue.json(item).described)",
                    at: span)
            }
        }
        if needsDecimal {
            var total = DecimalNumber(units: 0, scale: 0)
            for (position, item) in items.enumerated() {
                guard let number = ExpressionSemantics.decimal(from: item) else {
                    throw ExpressionError("sum() cannot read element \(position) (\(item)) as a decimal", at: span)
                }
                guard let next = total.adding(number) else { throw ExpressionError("decimal overflow in sum()", at: span) }
                total = next
            }
            return .decimal(total)
        }
        if hasDouble {
            let total = items.reduce(0.0) { $0 + ($1.doubleValue ?? 0) }
            guard total.isFinite else { throw ExpressionError("number out of range in sum()", at: span) }
            return .json(.double(total))
        }
        var total = 0
        for item in items {
            let (next, overflow) = total.addingReportingOverflow(item.intValue ?? 0)
            guard !overflow else { throw ExpressionError("integer overflow in sum()", at: span, hint: "use decimal strings for large amounts") }
            total = next
        }
        return .json(.int(total))
    }
}
