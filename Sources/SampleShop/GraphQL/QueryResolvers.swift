import BuyflowCore
import GraphQLKit

/// `QueryRoot`, the connection and edge types, and `node`/`nodes`.
extension ResolverTable {
    mutating func registerQueries() {
        let query = "QueryRoot"
        onRoot(query, "shop") { _, context in .json(context.catalog.shopJSON) }
        onRoot(query, "publicApiVersions") { _, context in .json(context.catalog.apiVersionsJSON) }
        onRoot(query, "product") { call, context in
            if let id = call.string("id") { return context.catalog.product(id: id).map(ResolvedValue.product) ?? .null }
            if let handle = call.string("handle") { return context.catalog.product(handle: handle).map(ResolvedValue.product) ?? .null }
            return .null
        }
        onRoot(query, "collection") { call, context in
            if let id = call.string("id") { return context.catalog.collection(id: id).map(ResolvedValue.collection) ?? .null }
            if let handle = call.string("handle") { return context.catalog.collection(handle: handle).map(ResolvedValue.collection) ?? .null }
            return .null
        }
        onRoot(query, "products") { call, context in
            var products = context.catalog.products
            if let text = call.string("query") {
                let search = SearchQuery(text)
                products = products.filter { product in search.matches { CatalogOrdering.product(product, field: $0, value: $1) } }
            }
            products = CatalogOrdering.products(products, sortKey: call.string("sortKey"))
            return try Pagination.connection(products, call, key: \.id, node: ResolvedValue.product)
        }
        onRoot(query, "collections") { call, context in
            var collections = context.catalog.collections
            if let text = call.string("query") {
                let search = SearchQuery(text)
                collections = collections.filter { collection in search.matches { CatalogOrdering.collection(collection, field: $0, value: $1) } }
            }
            collections = CatalogOrdering.collections(collections, sortKey: call.string("sortKey"))
            return try Pagination.connection(collections, call, key: \.id, node: ResolvedValue.collection)
        }
        onRoot(query, "node") { call, context in NodeLookup.node(call.string("id") ?? "", context) }
        onRoot(query, "nodes") { call, context in
            guard case .array(let ids)? = call[argument: "ids"] else { return [] }
            guard ids.count <= 250 else {
                throw GraphQLError("nodes takes at most 250 IDs, found \(ids.count)", extensions: .code("BAD_USER_INPUT"))
            }
            return .list(ids.map { NodeLookup.node($0.stringValue ?? "", context) })
        }
        onRoot(query, "cart") { call, context in
            guard let cart = context.engine.carts.cart(ofCartID: call.string("id") ?? "") else { return .null }
            return .cart(context.view(cart))
        }
        onRoot(query, "cartCompletionAttempt") { call, context in
            context.engine.completions.poll(call.string("attemptId") ?? "").map { .json($0) } ?? .null
        }

        for connection in ["ProductConnection", "ProductVariantConnection", "CollectionConnection", "ImageConnection",
                           "BaseCartLineConnection", "CartDeliveryGroupConnection"] {
            on(connection, "edges", ConnectionValue.self) { c, _, _ in .list(c.edges.map { .object($0) }) }
            on(connection, "nodes", ConnectionValue.self) { c, _, _ in .list(c.edges.map(\.node)) }
            on(connection, "pageInfo", ConnectionValue.self) { c, _, _ in .json(c.pageInfo) }
            let edge = String(connection.dropLast("Connection".count)) + "Edge"
            on(edge, "cursor", EdgeValue.self) { e, _, _ in .json(.string(e.cursor)) }
            on(edge, "node", EdgeValue.self) { e, _, _ in e.node }
        }
    }
}

/// `node(id:)`: any `Node` of the subset by its global ID, null for an unknown one.
enum NodeLookup {
    static func node(_ id: String, _ context: RequestContext) -> ResolvedValue {
        guard let global = GlobalID(id) else { return .null }
        let catalog = context.catalog
        switch global.type {
        case "Product": return catalog.product(id: id).map(ResolvedValue.product) ?? .null
        case "ProductVariant": return catalog.variant(id: id).map(ResolvedValue.variant) ?? .null
        case "Collection": return catalog.collection(id: id).map(ResolvedValue.collection) ?? .null
        case "ProductOption": return catalog.option(id: id).map(ResolvedValue.option) ?? .null
        case "ProductOptionValue": return catalog.optionValue(id: id).map(ResolvedValue.optionValue) ?? .null
        case "Shop": return id == catalog.shopID ? .json(catalog.shopJSON) : .null
        case "Page": return catalog.content.page(id: id).map(ResolvedValue.page) ?? .null
        case "Blog": return catalog.content.blog(id: id).map(ResolvedValue.blog) ?? .null
        case "Article": return catalog.content.article(id: id).map(ResolvedValue.article) ?? .null
        case "Menu", "MenuItem", "UrlRedirect", "ShopPolicy", "MediaImage":
            return catalog.content.jsonNode(id: id).map { .json($0) } ?? .null
        case "Cart":
            guard let cart = context.engine.carts.cart(ofCartID: id) else { return .null }
            return .cart(context.view(cart))
        case "CartLine":
            guard let token = global.parameter("cart"), let cart = context.engine.carts.cart(token: token),
                  let number = Int(global.value) else { return .null }
            return context.view(cart).lines.first { $0.line.number == number }.map(ResolvedValue.line) ?? .null
        case "MailingAddress":
            guard let token = global.parameter("cart"), let cart = context.engine.carts.cart(token: token) else { return .null }
            let address = context.view(cart).deliveryGroupAddress
            return address["id"]?.stringValue == id ? .json(address) : .null
        default:
            return cartSideNode(global, id, context)
        }
    }
}
