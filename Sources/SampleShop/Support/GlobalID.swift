/// A Shopify global ID taken apart: `gid://shopify/CartLine/7?cart=c1-ab` has type
/// `CartLine`, value `7` and the parameter `cart`.
struct GlobalID: Sendable, Hashable {
    let type: String
    let value: String
    /// The text after `?`, if any.
    let query: Substring?
    /// The ID without its query part.
    let base: String

    init?(_ text: String) {
        let prefix = "gid://shopify/"
        guard text.hasPrefix(prefix) else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        type = String(rest[..<slash])
        var tail = rest[rest.index(after: slash)...]
        if let question = tail.firstIndex(of: "?") {
            query = tail[tail.index(after: question)...]
            tail = tail[..<question]
        } else {
            query = nil
        }
        guard !type.isEmpty, !tail.isEmpty else { return nil }
        value = String(tail)
        base = prefix + type + "/" + value
    }

    /// The value of `name` in the query part.
    func parameter(_ name: String) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }
}
