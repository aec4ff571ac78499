/// The YAML core tags this module understands, and their short display form.
enum YAMLTag {
    static let prefix = "tag:yaml.org,2002:"
    static let str = prefix + "str"
    static let null = prefix + "null"
    static let bool = prefix + "bool"
    static let int = prefix + "int"
    static let float = prefix + "float"
    static let seq = prefix + "seq"
    static let map = prefix + "map"
    static let merge = prefix + "merge"
    /// The non-specific tag `!`: "not plain", so a string.
    static let nonSpecific = "!"

    /// `tag:yaml.org,2002:int` → `!!int`; other tags unchanged.
    static func shorthand(_ tag: String) -> String {
        tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }
}
