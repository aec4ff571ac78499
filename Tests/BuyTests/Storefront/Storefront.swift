// A small hand-written sample of what the code generator will emit against the Buy
// runtime, shaped like the Mobile Buy SDK's generated `Storefront` module.
import Buy

enum Storefront {
    /// `query { … }`
    static func buildQuery(inContext: GraphQL.Directive? = nil, _ subfields: (QueryRootQuery) -> Void) -> QueryRootQuery {
        let root = QueryRootQuery()
        if let inContext { root.directives.append(inContext) }
        subfields(root)
        return root
    }

    /// `mutation { … }`
    static func buildMutation(inContext: GraphQL.Directive? = nil, _ subfields: (MutationQuery) -> Void) -> MutationQuery {
        let root = MutationQuery()
        if let inContext { root.directives.append(inContext) }
        subfields(root)
        return root
    }
}
