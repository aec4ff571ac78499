import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.4.4 "Handling Field Errors": a field error nulls the field, or the nearest
/// nullable ancestor (field or list item) when the field is non-null; one error per
/// failure, with its path and location; partial data.
@Suite("Execution: null propagation")
struct ExecutionNullPropagationTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    static let executor: Executor = {
        let sdl = """
        type Item {
          ok: String
          fail: String
          nonNullFail: String!
          nonNullNull: String!
          child: Item
          nonNullChild: Item!
          badInt: Int
          badEnum: Color
        }
        enum Color { RED }
        type Query {
          nullable: Item
          nonNull: Item!
          list: [Item]
          listOfNonNull: [Item!]
          nonNullList: [Item]!
          nested: [[Item!]]
          notAList: [Item]
          nonNullItems: [Item!]!
          ok: String
        }
        """
        let item = ResolvedValue.json(["ok": "ok", "badInt": "abc", "badEnum": "BLUE"])
        var resolvers = Resolvers()
        resolvers["Query", "nullable"] = .constant(item)
        resolvers["Query", "nonNull"] = .constant(item)
        resolvers["Query", "list"] = .constant([item, nil, item])
        resolvers["Query", "listOfNonNull"] = .constant([item, nil])
        resolvers["Query", "nonNullList"] = .constant(nil)
        resolvers["Query", "nested"] = .constant([[item, nil], [item]])
        resolvers["Query", "notAList"] = .constant("items")
        resolvers["Query", "nonNullItems"] = .constant([item, item])
        resolvers["Query", "ok"] = .constant("ok")
        resolvers.field("Item", "fail") { _ in throw Boom() }
        resolvers.field("Item", "nonNullFail") { _ in throw Boom() }
        resolvers["Item", "nonNullNull"] = .constant(nil)
        resolvers["Item", "child"] = .constant(item)
        resolvers["Item", "nonNullChild"] = .constant(item)
        return executorFor(sdl, resolvers)
    }()

    static func expect(_ query: String, _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        expectExecution(query, executor: executor, expected, sourceLocation: sourceLocation)
    }

    @Test func nullableFieldErrorNullsTheField() {
        Self.expect(
            "{ nullable { ok fail } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":17}],"path":["nullable","fail"]}],"data":{"nullable":{"ok":"ok","fail":null}}}"#
        )
    }

    @Test func nonNullFieldErrorNullsTheParent() {
        Self.expect(
            "{ nullable { ok nonNullFail } ok }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":17}],"path":["nullable","nonNullFail"]}],"data":{"nullable":null,"ok":"ok"}}"#
        )
    }

    @Test func nullForNonNullFieldIsAnError() {
        Self.expect(
            "{ nullable { nonNullNull } }",
            #"{"errors":[{"message":"Cannot return null for non-nullable field Item.nonNullNull.","locations":[{"line":1,"column":14}],"path":["nullable","nonNullNull"]}],"data":{"nullable":null}}"#
        )
    }

    @Test func propagationUpToTheRootNullsData() {
        Self.expect(
            "{ nonNull { nonNullNull } ok }",
            #"{"errors":[{"message":"Cannot return null for non-nullable field Item.nonNullNull.","locations":[{"line":1,"column":13}],"path":["nonNull","nonNullNull"]}],"data":null}"#
        )
    }

    @Test func propagationThroughSeveralNonNullLevels() {
        Self.expect(
            "{ nullable { ok child { nonNullChild { nonNullChild { nonNullFail } } } } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":55}],"path":["nullable","child","nonNullChild","nonNullChild","nonNullFail"]}],"data":{"nullable":{"ok":"ok","child":null}}}"#
        )
    }

    @Test func nullItemsOfNullableLists() {
        Self.expect("{ list { ok } }", #"{"data":{"list":[{"ok":"ok"},null,{"ok":"ok"}]}}"#)
    }

    @Test func nullItemOfNonNullItemsNullsTheList() {
        Self.expect(
            "{ listOfNonNull { ok } }",
            #"{"errors":[{"message":"Cannot return null for non-nullable field Query.listOfNonNull.","locations":[{"line":1,"column":3}],"path":["listOfNonNull",1]}],"data":{"listOfNonNull":null}}"#
        )
    }

    @Test func nullNonNullList() {
        Self.expect(
            "{ ok nonNullList { ok } }",
            #"{"errors":[{"message":"Cannot return null for non-nullable field Query.nonNullList.","locations":[{"line":1,"column":6}],"path":["nonNullList"]}],"data":null}"#
        )
    }

    @Test func errorsInsideListItemsCarryTheIndex() {
        Self.expect(
            "{ list { nonNullFail } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":10}],"path":["list",0,"nonNullFail"]},{"message":"boom","locations":[{"line":1,"column":10}],"path":["list",2,"nonNullFail"]}],"data":{"list":[null,null,null]}}"#
        )
    }

    @Test func errorInNonNullItemsOfNonNullListReachesTheRoot() {
        Self.expect(
            "{ nonNullItems { nonNullFail } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":18}],"path":["nonNullItems",0,"nonNullFail"]}],"data":null}"#
        )
    }

    @Test func nestedLists() {
        Self.expect(
            "{ nested { ok } }",
            #"{"errors":[{"message":"Cannot return null for non-nullable field Query.nested.","locations":[{"line":1,"column":3}],"path":["nested",0,1]}],"data":{"nested":[null,[{"ok":"ok"}]]}}"#
        )
    }

    @Test func notAList() {
        Self.expect(
            "{ notAList { ok } }",
            #"{"errors":[{"message":"Expected Iterable, but did not find one for field \"Query.notAList\".","locations":[{"line":1,"column":3}],"path":["notAList"]}],"data":{"notAList":null}}"#
        )
    }

    @Test func leafCoercionErrors() {
        Self.expect(
            "{ nullable { badInt badEnum ok } }",
            #"{"errors":[{"message":"Int cannot represent non-integer value: \"abc\"","locations":[{"line":1,"column":14}],"path":["nullable","badInt"]},{"message":"Enum \"Color\" cannot represent value: \"BLUE\"","locations":[{"line":1,"column":21}],"path":["nullable","badEnum"]}],"data":{"nullable":{"badInt":null,"badEnum":null,"ok":"ok"}}}"#
        )
    }

    @Test func mergedFieldsReportEveryLocationAndOneError() {
        Self.expect(
            "{ nullable { fail } nullable { fail } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":14},{"line":1,"column":32}],"path":["nullable","fail"]}],"data":{"nullable":{"fail":null}}}"#
        )
    }

    @Test func aliasesAreInThePath() {
        Self.expect(
            "{ a: nullable { b: fail } }",
            #"{"errors":[{"message":"boom","locations":[{"line":1,"column":17}],"path":["a","b"]}],"data":{"a":{"b":null}}}"#
        )
    }
}
