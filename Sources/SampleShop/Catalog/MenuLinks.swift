import BuyflowCore

/// What a menu item links to: the catalog's resources by kind and handle, and the URL
/// and `resourceId` each `MenuItemType` gets (the shop's primary domain, then
/// `/collections/<handle>`, `/products/<handle>`, `/pages/<handle>`, `/blogs/<handle>`,
/// `/blogs/<blog>/<article>`, `/policies/<handle>`, `/collections/all`, `/collections`,
/// `/search`, `/`).
struct MenuLinks {
    enum Kind: String {
        case product, collection, page, blog, article, shopPolicy = "shop policy"
    }

    let baseURL: String
    private var resources: [Kind: [(handle: String, id: String)]] = [:]

    init(baseURL: String) { self.baseURL = baseURL }

    mutating func add(_ kind: Kind, _ handle: String, _ id: String) {
        resources[kind, default: []].append((handle, id))
    }

    /// The kind of resource a type links to, and the path prefix of its URL.
    static func target(of type: String) -> (kind: Kind, prefix: String)? {
        switch type {
        case "PRODUCT": (.product, "/products/")
        case "COLLECTION": (.collection, "/collections/")
        case "PAGE": (.page, "/pages/")
        case "BLOG": (.blog, "/blogs/")
        case "ARTICLE": (.article, "/blogs/")
        case "SHOP_POLICY": (.shopPolicy, "/policies/")
        default: nil
        }
    }

    /// The path of a type that links to no resource.
    static func fixedPath(of type: String) -> String? {
        switch type {
        case "CATALOG": "/collections/all"
        case "COLLECTIONS": "/collections"
        case "SEARCH": "/search"
        case "FRONTPAGE": "/"
        default: nil
        }
    }

    /// The item's URL and linked resource's ID; an unknown resource, a missing one or a
    /// missing URL is an error.
    func resolve(
        type: String, resource: String?, url: String?, tags: [String], item: CatalogObject, reader: inout CatalogReader
    ) -> (url: String?, resourceID: String?) {
        if let (kind, prefix) = Self.target(of: type) {
            guard let resource else {
                reader.error("\(item.path) (type \(type)) needs 'resource': the handle of the \(kind.rawValue) it links to",
                             at: item.location, code: "missing-key",
                             hint: kind == .article ? "an article is named blog/article, such as news/spring-collection" : nil)
                return (url, nil)
            }
            let known = resources[kind, default: []]
            guard let match = known.first(where: { $0.handle == resource }) else {
                reader.error("\(item.path("resource")) names no \(kind.rawValue): '\(resource)'", at: item.location("resource"),
                             code: "unknown-resource", suggestion: Suggestions.closest(to: resource, among: known.map(\.handle)))
                return (url, nil)
            }
            var path = prefix + resource
            if kind == .collection, !tags.isEmpty { path += "/" + tags.joined(separator: "+") }
            return (url ?? baseURL + path, match.id)
        }
        if resource != nil {
            reader.error("\(item.path("resource")): an item of type \(type) links to no catalog resource", at: item.location("resource"),
                         code: "resource", hint: "use 'url' for an address of your own")
        }
        if let path = Self.fixedPath(of: type) { return (url ?? baseURL + path, nil) }
        if url == nil {
            reader.error("\(item.path) (type \(type)) needs 'url'", at: item.location, code: "missing-key")
        }
        return (url, nil)
    }
}
