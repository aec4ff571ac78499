/// A path into the catalog document, shown in messages as `products[0].variants[1].price`
/// and used as a key (`products/0/variants/1/price`) to find its location.
struct CatalogPath: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    static let root = CatalogPath()

    func appending(_ key: String) -> CatalogPath {
        CatalogPath(components: components + [.key(key)])
    }

    func appending(_ index: Int) -> CatalogPath {
        CatalogPath(components: components + [.index(index)])
    }

    var pointer: String {
        components.map { component in
            switch component {
            case .key(let key): Self.escape(key)
            case .index(let index): String(index)
            }
        }.joined(separator: "/")
    }

    static func escape(_ key: String) -> String {
        key.replacingSlashes
    }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text.isEmpty ? "the catalog" : text
    }
}

extension String {
    fileprivate var replacingSlashes: String {
        guard contains("/") || contains("~") else { return self }
        var out = ""
        for character in self {
            switch character {
            case "~": out += "~0"
            case "/": out += "~1"
            default: out.append(character)
            }
        }
        return out
    }
}
