/// The functions an expression may call. Each takes one argument.
///
/// - `len(x)`: the number of characters of a string, elements of a list, members of an object.
/// - `exists(path)`: true when the path gives a non-null value; false too when its root name is undefined.
/// - `type(x)`: `"null"`, `"boolean"`, `"number"`, `"string"`, `"list"` or `"object"` (a decimal is a `"number"`).
/// - `gid(x)`: `"gid://shopify/ProductVariant/7?k=v"` → `{"type": "ProductVariant", "id": "7", "query": "k=v"}`
///   (`query` only when there is one); a string that is not a global ID gives `null`.
/// - `sum(list)`: the sum of numbers (integers stay integers); with a decimal or a decimal string among
///   them, the exact decimal sum. An empty list sums to `0`.
/// - `decimal(x)`: a string or number as an exact decimal (money arrives as strings: `"160.20"`).
/// - `lower(s)`, `upper(s)`: the string in lower or upper case.
/// - `string(x)`: a string unchanged; anything else as compact JSON text (a decimal in its canonical form).
/// - `number(s)`: a string such as `"42"` or `"1.5"` as a number; a number unchanged; a decimal as a number.
public enum ExpressionFunction: String, Sendable, Hashable, CaseIterable {
    case len, exists, type, gid, sum, decimal, lower, upper, string, number

    public var name: String { rawValue }

    /// How many arguments the function takes.
    public var arity: Int { 1 }
}
