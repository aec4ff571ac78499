import BuyflowCore

/// A mapping of a catalog file after `CatalogReader.object` checked its keys, with its
/// path for messages. In a catalog `null` (or an empty YAML value) means "not given", so
/// the subscript leaves such members out.
struct CatalogObject {
    let fields: Fields
    let path: CatalogPath

    /// The member's value; `nil` when it is absent or null.
    subscript(key: String) -> LocatedValue? {
        guard let value = fields.member(named: key)?.value, !value.isNull else { return nil }
        return value
    }

    /// Whether the key is written, even with a null value.
    func has(_ key: String) -> Bool { fields.has(named: key) }

    func path(_ key: String) -> CatalogPath { path.appending(key) }

    /// Where the mapping starts.
    var location: SourceLocation { fields.location }

    /// Where the member's value is written; the mapping's location when it is absent.
    func location(_ key: String) -> SourceLocation { fields.member(named: key)?.value.location ?? fields.location }

    /// Where the member's key is written; the mapping's location when it is absent.
    func keyLocation(_ key: String) -> SourceLocation { fields.member(named: key)?.keyLocation ?? fields.location }
}
