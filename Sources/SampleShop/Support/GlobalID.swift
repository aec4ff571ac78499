/// A Shopify global ID taken apart: `gid://shopify/CartLine/7?cart=c1-ab` has type
/// `CartLine`, value `7` and the parameter `cart`.
struct GlobalID: Sendable, Hashable {
    let type: String
    let value: String
    /// The text after `?`, if any.
    let query: Substring?
    /// The ID without its query part.
    var base: String { "gid://shopify/" + type + "/" + value }

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
    }

    /// The value of `name` in the query part.
    func parameter(_ name: String) -> String? {
        guard let query else { return nil }
        // Scans the pairs in place (no arrays): the first `name=value` with a value wins.
        var rest = query[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "&") ?? rest.endIndex
            let pair = rest[..<end]
            if let equals = pair.firstIndex(of: "="), pair[..<equals] == name, pair.index(after: equals) < pair.endIndex {
                return String(pair[pair.index(after: equals)...])
            }
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
        }
        return nil
    }
}
