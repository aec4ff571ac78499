import Synchronization
internal import GraphQLKit

extension Graph {
    /// Adds operation directives to raw GraphQL documents: the document is parsed with
    /// GraphQLKit, the directive is put on each operation that has none of that name, and
    /// the document is printed back. Results are memoized (workflows send the same
    /// documents again and again).
    enum DocumentContext {
        private static let memo = Mutex<[String: String]>([:])
        private static let memoLimit = 512

        /// `document` with `directive` on each operation lacking one of its name. A document
        /// that does not parse, or needs no change, is returned as it is (the server reports
        /// syntax errors with the user's own line and column).
        static func addingDirective(_ directive: GraphQL.Directive, to document: String) -> String {
            let key = directive.text + "\n" + document
            if let known = memo.withLock({ $0[key] }) { return known }
            let result = rewrite(document, adding: directive)
            memo.withLock { memo in
                if memo.count >= memoLimit { memo.removeAll(keepingCapacity: true) }
                memo[key] = result
            }
            return result
        }

        private static func rewrite(_ document: String, adding directive: GraphQL.Directive) -> String {
            guard var parsed = try? Parser.parse(document) else { return document }
            var changed = false
            for index in parsed.definitions.indices {
                guard case .operation(var operation) = parsed.definitions[index],
                      !operation.directives.contains(where: { $0.name.value == directive.name }) else { continue }
                operation.directives.append(Directive(
                    name: Name(directive.name),
                    arguments: directive.arguments.map { Argument(name: Name($0.name), value: astValue($0.value)) }
                ))
                operation.isShorthand = false
                parsed.definitions[index] = .operation(operation)
                changed = true
            }
            return changed ? Printer.print(parsed) : document
        }

        private static func astValue(_ value: GraphQL.Value) -> Value {
            switch value {
            case .null: Value(.null)
            case .boolean(let flag): Value(.boolean(flag))
            case .int(let number): Value(.int(String(number)))
            case .float(let number): number.isFinite ? Value(.float(GraphQL.Value.float(number).literal)) : Value(.null)
            case .string(let text): Value(.string(text, isBlock: false))
            case .enumValue(let name): Value(.enumValue(name))
            case .variable(let name): Value(.variable(name))
            case .list(let items): Value(.list(items.map(astValue)))
            case .object(let fields): Value(.object(fields.map { ObjectField(name: Name($0.name), value: astValue($0.value)) }))
            }
        }
    }
}
