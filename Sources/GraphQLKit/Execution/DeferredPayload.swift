import BuyflowCore

/// A later payload of an incremental execution: the fields of one deferred fragment, for
/// the object at `path` (the `@defer` format of 2022-08-24, graphql-js 17.0.0-alpha.2,
/// which the Storefront API implements).
public struct DeferredPayload: Sendable, Hashable {
    /// The fragment's fields on the object at `path`; `null` when a field error
    /// propagated up to the fragment.
    public var data: JSONValue
    /// The object the fields belong to (`[]`: the root).
    public var path: [PathComponent]
    /// The `@defer`'s `label`.
    public var label: String?
    /// The field errors of the fragment, with full paths.
    public var errors: [GraphQLError]

    public init(data: JSONValue, path: [PathComponent], label: String? = nil, errors: [GraphQLError] = []) {
        self.data = data
        self.path = path
        self.label = label
        self.errors = errors
    }

    /// `{"path":[…],"data":…,"label":…,"errors":[…]}`: an item of `incremental`; `label`
    /// and `errors` only when there are some.
    public var json: JSONValue {
        var object = JSONObject(minimumCapacity: 4)
        object["path"] = .array(path.map(\.json))
        object["data"] = data
        if let label { object["label"] = .string(label) }
        if !errors.isEmpty { object["errors"] = .array(errors.map(\.json)) }
        return .object(object)
    }

    /// Merges `patch` (a payload's `data`) into `data` at `path`: objects member by
    /// member, lists of the same length item by item, anything else replaced. What a
    /// client does to get the whole result; nothing happens when `patch` is `null` (the
    /// fragment failed) or `path` does not lead to a value.
    public static func merge(_ patch: JSONValue, into data: inout JSONValue, at path: some Collection<PathComponent>) {
        if case .null = patch { return }
        guard let first = path.first else {
            deepMerge(patch, into: &data)
            return
        }
        switch (first, data) {
        case (.key(let key), .object(var object)):
            guard var member = object[key] else { return }
            data = .null
            merge(patch, into: &member, at: path.dropFirst())
            object[key] = member
            data = .object(object)
        case (.index(let index), .array(var items)) where items.indices.contains(index):
            data = .null
            merge(patch, into: &items[index], at: path.dropFirst())
            data = .array(items)
        default:
            return
        }
    }

    private static func deepMerge(_ patch: JSONValue, into data: inout JSONValue) {
        switch (patch, data) {
        case (.object(let additions), .object(var object)):
            data = .null
            for (key, value) in additions {
                if var existing = object[key] {
                    deepMerge(value, into: &existing)
                    object[key] = existing
                } else {
                    object[key] = value
                }
            }
            data = .object(object)
        case (.array(let additions), .array(var items)) where additions.count == items.count:
            data = .null
            for index in items.indices { deepMerge(additions[index], into: &items[index]) }
            data = .array(items)
        default:
            data = patch
        }
    }
}
