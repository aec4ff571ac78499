import BuyflowCore
import Foundation
import GraphQLKit

/// A page of a Relay connection: the edges and whether pages come before and after.
/// Cursors are encoded only when selected.
final class ConnectionValue: Sendable {
    let edges: [EdgeValue]
    let hasNextPage: Bool
    let hasPreviousPage: Bool

    init(edges: [EdgeValue], hasNextPage: Bool, hasPreviousPage: Bool) {
        self.edges = edges
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
    }

    var pageInfo: JSONValue {
        var info = JSONObject(minimumCapacity: 4)
        info["endCursor"] = edges.last.map { .string($0.cursor) } ?? .null
        info["hasNextPage"] = .bool(hasNextPage)
        info["hasPreviousPage"] = .bool(hasPreviousPage)
        info["startCursor"] = edges.first.map { .string($0.cursor) } ?? .null
        return .object(info)
    }
}

final class EdgeValue: Sendable {
    /// The item's key (its ID), which the cursor encodes.
    let key: String
    let node: ResolvedValue

    init(key: String, node: ResolvedValue) {
        self.key = key
        self.node = node
    }

    var cursor: String { Pagination.cursor(for: key) }
}

/// Relay cursor pagination (`first`/`after`/`last`/`before`, `reverse`) over an ordered
/// list, as Shopify does it: one of `first` or `last` is required, at most 250 a page;
/// cursors are opaque (base64 of the item's ID) and stay valid while the item exists.
enum Pagination {
    static let maxPageSize = 250

    static func connection<T>(
        _ items: [T], _ call: FieldCall, key: (T) -> String, node: (T) -> ResolvedValue
    ) throws -> ResolvedValue {
        let first = call.int("first")
        let last = call.int("last")
        guard first != nil || last != nil else {
            throw GraphQLError("you must provide one of first or last", extensions: .code("BAD_USER_INPUT"))
        }
        for (name, value) in [("first", first), ("last", last)] {
            guard let value else { continue }
            if value < 0 { throw GraphQLError("\(name) must not be negative, found \(value)", extensions: .code("BAD_USER_INPUT")) }
            if value > maxPageSize {
                throw GraphQLError("\(name) must be at most \(maxPageSize), found \(value)", extensions: .code("BAD_USER_INPUT"))
            }
        }
        let list = call.bool("reverse") == true ? Array(items.reversed()) : items
        var start = 0
        var end = list.count
        if let after = call.string("after") {
            start = try position(of: after, in: list, key: key, argument: "after") + 1
        }
        if let before = call.string("before") {
            end = max(start, min(end, try position(of: before, in: list, key: key, argument: "before")))
        }
        if let first { end = min(end, start + first) }
        if let last { start = max(start, end - last) }
        var edges: [EdgeValue] = []
        edges.reserveCapacity(end - start)
        for item in list[start..<end] {
            edges.append(EdgeValue(key: key(item), node: node(item)))
        }
        return .object(ConnectionValue(edges: edges, hasNextPage: end < list.count, hasPreviousPage: start > 0))
    }

    static func cursor(for key: String) -> String {
        Data(key.utf8).base64EncodedString()
    }

    private static func position<T>(of cursor: String, in list: [T], key: (T) -> String, argument: String) throws -> Int {
        if let data = Data(base64Encoded: cursor) {
            let wanted = String(decoding: data, as: UTF8.self)
            if let index = list.firstIndex(where: { key($0) == wanted }) { return index }
        }
        throw GraphQLError("Invalid cursor for \(argument): \"\(cursor)\"", extensions: .code("BAD_USER_INPUT"))
    }
}
