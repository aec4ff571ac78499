import BuyflowTestSupport
import Foundation

extension RepositoryPaths {
    /// The GraphQL conformance corpus the shop's answers are checked against.
    static let corpus = file("Tests/Conformance/graphql/corpus")
}
