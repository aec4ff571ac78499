@testable import BuyflowWorkflow
import Testing

/// Names the loader tells by a `switch` (every capture and every use asks) must be
/// exactly those of the tables that messages list.
@Suite("name tables")
struct NameTableTests {
    static let probes = [
        "data", "errors", "extensions", "status", "headers", "duration", "attempt", "node", "vars", "env", "captures",
        "steps", "iteration", "vu", "row", "params", "Data", "dat", "datas", "cartId", "", "_", "nodes",
    ]

    @Test(arguments: probes)
    func reservedNames(name: String) {
        #expect(LoadSession.isReserved(name) == LoadSession.reservedNames.contains(name))
    }

    @Test(arguments: probes)
    func responseRootsAndAlwaysDefined(name: String) {
        let responseRoots: Set<String> = ["data", "errors", "extensions", "status", "headers", "duration", "attempt", "node"]
        #expect(LoadSession.isResponseRoot(name) == responseRoots.contains(name))
        #expect(LoadSession.isAlwaysDefined(name) == ["env", "iteration", "vu"].contains(name))
        // Every part a step's response offers is a response root.
        #expect(LoadSession.responseParts.allSatisfy(LoadSession.isResponseRoot))
    }

    @Test("the flow check keeps the first step of each name: keepFirst inserts once and never overwrites")
    func keepFirst() {
        var first: [String: Int] = [:]
        for (index, name) in ["cartId", "total", "cartId", "orderId", "total"].enumerated() { first.keepFirst(index, for: name) }
        #expect(first == ["cartId": 0, "total": 1, "orderId": 3])
    }
}
