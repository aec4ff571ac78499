import BuyflowCore

/// Maps a 1-based line and column (in Unicode scalars) inside GraphQL text written in a
/// workflow file — a `query:` block scalar, a node step's `select:` — to that place in
/// the workflow file.
public typealias GraphQLSourceMapper = (_ line: Int, _ column: Int) -> SourceLocation
