/// A GraphQL name (`/[_A-Za-z][_0-9A-Za-z]*/`) and where it stands.
public struct Name: Sendable, Hashable, CustomStringConvertible {
    public var value: String
    public var location: Location

    public init(_ value: String, location: Location = .synthesized) {
        self.value = value
        self.location = location
    }

    public var description: String { value }
}
