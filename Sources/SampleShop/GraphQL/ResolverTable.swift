import BuyflowCore
import GraphQLKit

/// Builds the shop's `Resolvers`: every resolver gets the request's `RequestContext` and
/// its parent as the type it expects. A parent of another type (a mock object in mock
/// mode) is handed to the mock resolver; and the first nullable field of a request picked
/// by `--error-rate` fails with an injected error.
struct ResolverTable {
    var resolvers = Resolvers()
    let mock: MockResolver?

    init(mock: MockResolver?) {
        self.mock = mock
        if let mock {
            resolvers.defaultFieldResolver = mock.fieldResolver
            resolvers.defaultTypeResolver = mock.typeResolver
        }
    }

    static let injectedErrorMessage = "Internal error: the sample shop injected this error (--error-rate)."

    @inline(__always)
    static func context(_ call: FieldCall) throws -> RequestContext {
        guard let context = call.context as? RequestContext else {
            throw GraphQLError("Internal error: the request has no shop context.")
        }
        if context.faultArmed, !call.returnType.isNonNull, context.claimFault() {
            throw GraphQLError(injectedErrorMessage, extensions: .code("INTERNAL_SERVER_ERROR"))
        }
        return context
    }

    /// A resolver of `type.field` whose parent is an application object of type `P`.
    mutating func on<P: Sendable>(
        _ type: String, _ field: String, _ parent: P.Type,
        _ body: @escaping @Sendable (P, FieldCall, RequestContext) throws -> ResolvedValue
    ) {
        let mock = self.mock
        resolvers.field(type, field) { call in
            let context = try Self.context(call)
            // Cast in the pattern: the parent is not copied out of its box first.
            switch call.parent {
            case .object(let typed as P, _):
                return try body(typed, call, context)
            case .object(let value as TrackedResult, _):
                if let typed = value.base as? P { return try body(typed, call, context) }
            default:
                break
            }
            if let mock { return mock.resolve(call) }
            throw GraphQLError("Internal error: \(type).\(field) got a parent of another type.")
        }
    }

    /// A resolver of `type.field` whose parent is a JSON object.
    mutating func onJSON(
        _ type: String, _ field: String, _ body: @escaping @Sendable (JSONObject, FieldCall, RequestContext) throws -> ResolvedValue
    ) {
        let mock = self.mock
        resolvers.field(type, field) { call in
            let context = try Self.context(call)
            guard case .json(.object(let object)) = call.parent else {
                if let mock { return mock.resolve(call) }
                throw GraphQLError("Internal error: \(type).\(field) got a parent that is not a JSON object.")
            }
            return try body(object, call, context)
        }
    }

    /// `type.trackingParameters`: the parameters of a search result (a `TrackedResult`),
    /// null for an object reached any other way.
    mutating func onTracking(_ type: String) {
        let mock = self.mock
        resolvers.field(type, "trackingParameters") { call in
            _ = try Self.context(call)
            guard case .object(let value, _) = call.parent else { return mock?.resolve(call) ?? .null }
            return (value as? TrackedResult).map { .json(.string($0.trackingParameters)) } ?? .null
        }
    }

    /// A resolver of a root field (or any field that ignores its parent).
    mutating func onRoot(_ type: String, _ field: String, _ body: @escaping @Sendable (FieldCall, RequestContext) throws -> ResolvedValue) {
        resolvers.field(type, field) { call in
            try body(call, try Self.context(call))
        }
    }
}

extension FieldCall {
    func string(_ name: String) -> String? { self[argument: name]?.stringValue }
    func int(_ name: String) -> Int? { self[argument: name]?.intValue }
    func bool(_ name: String) -> Bool? { self[argument: name]?.boolValue }
}
