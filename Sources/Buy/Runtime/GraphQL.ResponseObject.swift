import BuyflowCore

extension GraphQL {
    /// A decoded response object: every generated model, and the protocols of interfaces
    /// and unions (`Storefront.Node`), whose values are models of their possible types.
    ///
    ///     if let product = response.node?.as(Storefront.Product.self) { … }
    ///     let product = try response.node?.cast(to: Storefront.Product.self)
    public protocol ResponseObject: Sendable {
        /// The model itself.
        var responseObject: AbstractResponse { get }
    }
}

extension GraphQL.ResponseObject {
    /// The object as `T`, or `nil` when it is another type.
    public func `as`<T: GraphQL.AbstractResponse>(_ type: T.Type) -> T? {
        responseObject as? T
    }

    /// The object as `T`, or a `GraphQL.CastError` naming its `__typename`:
    /// `node gid://shopify/ProductVariant/7 is a ProductVariant, not a Product`.
    public func cast<T: GraphQL.AbstractResponse>(to type: T.Type) throws(GraphQL.CastError) -> T {
        try responseObject.cast(to: type)
    }

    /// The GraphQL type: `__typename` when selected, else the model's name.
    public var typeName: String {
        responseObject.graphQLTypeName ?? String(describing: Swift.type(of: responseObject))
    }
}

extension GraphQL.AbstractResponse: GraphQL.ResponseObject {
    public var responseObject: GraphQL.AbstractResponse { self }
}

extension GraphQL {
    /// The JSON values responses are decoded from (BuyflowCore's), named in the runtime
    /// so that generated code needs to import only `Buy`.
    public typealias JSONValue = BuyflowCore.JSONValue
    public typealias JSONObject = BuyflowCore.JSONObject
}
