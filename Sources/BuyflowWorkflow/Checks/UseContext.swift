/// Where an expression or template is written, for messages: `'if'`, `variable 'lines'`,
/// `capture 'cartId'`. Kept in parts — a fixed prefix and suffix around a name read from
/// the file — and joined only when a message is written, so recording every use of a
/// load makes no string.
struct UseContext: Sendable, Equatable, ExpressibleByStringLiteral, CustomStringConvertible {
    var prefix: String
    var name: String
    var suffix: String

    init(_ prefix: String, _ name: String, _ suffix: String) {
        self.prefix = prefix
        self.name = name
        self.suffix = suffix
    }

    init(stringLiteral value: String) {
        self.init(value, "", "")
    }

    var description: String { prefix + name + suffix }

    static func == (lhs: UseContext, rhs: UseContext) -> Bool { lhs.description == rhs.description }
}
