/// A path into the catalog document, shown in messages as `products[0].variants[1].price`.
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
