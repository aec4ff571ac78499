import BuyflowCore

extension SelectionPath {
    /// One step of a path into a step's response, after `data`.
    public enum Component: Sendable, Hashable {
        /// A member: `cart`, `totalQuantity`; located at its name.
        case field(name: String, location: SourceLocation)
        /// A fixed list index: `[0]`.
        case index(location: SourceLocation)
        /// An index or key computed at run time (`[i]`, `[vars.key]`): a list index on a
        /// list; anywhere else the check stops there.
        case dynamic
    }
}
