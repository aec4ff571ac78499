/// How one field gets its value: synchronously, asynchronously, or by reading the
/// parent JSON object's member of the same name (the default).
///
/// An operation whose fields all have synchronous resolvers executes without any
/// suspension point; see `PreparedOperation.requiresAsync`.
public struct FieldResolver: Sendable {
    enum Body: Sendable {
        case member
        case constant(ResolvedValue)
        case sync(@Sendable (FieldCall) throws -> ResolvedValue)
        case async(@Sendable (FieldCall) async throws -> ResolvedValue)
    }

    let body: Body

    /// The default: the parent's JSON object member named like the field (`null` when
    /// absent). On a parent that is not JSON it is an error naming the missing resolver.
    public static let jsonMember = FieldResolver(body: .member)

    /// A resolver that runs on the executing thread.
    public static func sync(_ resolve: @escaping @Sendable (FieldCall) throws -> ResolvedValue) -> FieldResolver {
        FieldResolver(body: .sync(resolve))
    }

    /// A resolver that may suspend. Operations reaching one need the async `execute`.
    public static func async(_ resolve: @escaping @Sendable (FieldCall) async throws -> ResolvedValue) -> FieldResolver {
        FieldResolver(body: .async(resolve))
    }

    /// Always the same value.
    public static func constant(_ value: ResolvedValue) -> FieldResolver {
        FieldResolver(body: .constant(value))
    }

    public var isAsync: Bool {
        if case .async = body { true } else { false }
    }
}

/// Picks the object type of a value where an interface or union is expected: the type's
/// name, or `nil` to fall back to the value's own `typeName`. Errors it throws become
/// field errors.
public typealias TypeResolver = @Sendable (_ value: ResolvedValue, _ abstractType: NamedType, _ context: (any Sendable)?) throws -> String?
