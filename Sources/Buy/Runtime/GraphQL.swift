internal import GraphQLKit

/// The runtime that generated Storefront code builds on, as in the Mobile Buy SDK:
/// query builders (`GraphQL.AbstractQuery`), response models (`GraphQL.AbstractResponse`),
/// IDs, argument values and input objects.
public enum GraphQL {
    /// `query` or `mutation`.
    public enum OperationType: String, Sendable, Hashable {
        case query
        case mutation
    }

    /// `input` as a GraphQL string literal, quoted and escaped (`"a\"b\n"`), exactly as
    /// GraphQLKit's printer writes string values.
    public static func quoteString(input: String) -> String {
        Printer.quoted(input)
    }
}
