import BuyflowCore
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import Testing

/// The JSON Schema of workflow files (`buyflow schema workflow`): the committed
/// `workflows/workflow.schema.json` is what the specs build (re-record with
/// BUYFLOW_RECORD=1), and the schema says what the specs say. Tests/Conformance/
/// workflow-schema/check.py validates files with it using an independent validator.
@Suite struct JSONSchemaTests {
    static let schema = WorkflowSpecs.jsonSchema
    static let workflowsFolder = Fixtures.repositoryRoot.appendingPathComponent("workflows")
    static let conformanceFolder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Conformance/workflow-schema/valid")

    static var definitions: JSONObject { schema["$defs"]?.objectValue ?? JSONObject() }

    static func spec(_ id: String) -> ObjectSpec? { WorkflowSpecs.all.first { $0.id == id } }

    @Test func committedFileIsTheBuiltSchema() throws {
        let text = JSONSerializer(pretty: true).string(Self.schema) + "\n"
        try GoldenFiles(directory: Self.workflowsFolder, sourceDirectory: Self.workflowsFolder).expect(text, at: "workflow.schema.json")
    }

    @Test func committedFileParsesBackToTheSchema() throws {
        let text = try String(contentsOf: Self.workflowsFolder.appendingPathComponent("workflow.schema.json"), encoding: .utf8)
        #expect(try JSONParser().parse(text) == Self.schema)
    }

    @Test func rootIsAWorkflowOrAStepsFile() {
        #expect(Self.schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        #expect(Self.schema["$id"]?.stringValue?.isEmpty == false)
        #expect(Self.schema["anyOf"] == [["$ref": "#/$defs/workflow"], ["$ref": "#/$defs/stepsFile"]])
        #expect(Self.definitions.keys == WorkflowSpecs.all.map(\.id))
        #expect(Set(WorkflowSpecs.all.map(\.id)).count == WorkflowSpecs.all.count, "definition ids are unique")
    }

    @Test(arguments: WorkflowSpecs.all.map(\.id))
    func definitionSaysWhatTheSpecSays(_ id: String) throws {
        let spec = try #require(Self.spec(id))
        let definition = try #require(Self.definitions[id])
        #expect(definition["type"] == "object")
        // Every key is a property, in the spec's order, described by its summary.
        let properties = try #require(definition["properties"]?.objectValue)
        #expect(properties.keys == spec.keyNames)
        for key in spec.keys where !key.summary.isEmpty {
            #expect(properties[key.name]?["description"]?.stringValue == key.summary, "\(id).\(key.name)")
        }
        // Required keys.
        if spec.requiredKeys.isEmpty {
            #expect(definition["required"] == nil)
        } else {
            #expect(definition["required"] == .array(spec.requiredKeys.map(JSONValue.string)))
        }
        // Unknown keys are errors unless the spec takes other keys.
        if spec.otherKeys == nil {
            #expect(definition["additionalProperties"] == false)
        } else {
            #expect(definition["additionalProperties"]?.objectValue != nil)
        }
        #expect((definition["patternProperties"] != nil) == (spec.freeKeyPrefix != nil))
        // Exactly one key of each group.
        let groups: [JSONValue] = spec.exactlyOneOf.map { group in ["oneOf": .array(group.map { ["required": [.string($0)]] })] }
        #expect(definition["allOf"] == (groups.isEmpty ? nil : .array(groups)))
    }

    @Test func stepBodiesAreExclusiveAndRequiredKeysAreTheContract() throws {
        let step = try #require(Self.definitions["step"])
        let bodies = ["query", "mutation", "operation", "node", "sleep", "use"]
        #expect(step["allOf"]?[0]?["oneOf"] == .array(bodies.map { ["required": [.string($0)]] }))
        #expect(step["required"] == ["name"])
        #expect(Self.definitions["workflow"]?["required"] == ["version", "name", "steps"])
        #expect(Self.definitions["stepsFile"]?["required"] == ["version", "name", "steps"])
        #expect(Self.definitions["workflow"]?["properties"]?["steps"]?["minItems"] == 1)
        #expect(Self.definitions["poll"]?["required"] == ["until"])
        #expect(Self.definitions["capture"]?["required"] == ["value"])
    }

    /// Every `$ref` points at a definition, and every definition is used.
    @Test func everyReferenceResolves() {
        var references: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                for (key, member) in object {
                    if key == "$ref", let target = member.stringValue { references.append(target) } else { walk(member) }
                }
            case .array(let items): items.forEach(walk)
            default: break
            }
        }
        walk(Self.schema)
        let prefix = "#/$defs/"
        #expect(references.allSatisfy { $0.hasPrefix(prefix) && Self.definitions[String($0.dropFirst(prefix.count))] != nil })
        let used = Set(references.map { String($0.dropFirst(prefix.count)) })
        #expect(used == Set(Self.definitions.keys))
    }

    /// Shapes the loader takes beyond the obvious, which a schema easily refuses (each was
    /// a disagreement between the two).
    @Test func schemaTakesWhatTheLoaderTakes() throws {
        let defs = Self.definitions
        let pollInterval = try #require(defs["poll"]?["properties"]?["interval"]?["anyOf"]?.arrayValue)
        #expect(pollInterval.contains(["type": "string"]), "an expression giving milliseconds")
        let on = try #require(defs["retry"]?["properties"]?["on"]?["anyOf"]?.arrayValue)
        #expect(on.count == 2 && on[0]["enum"] != nil && on[1]["type"] == "array", "one condition or a list")
        let tags = try #require(defs["step"]?["properties"]?["tags"]?["anyOf"]?.arrayValue)
        #expect(tags.first == ["type": "string"], "one tag without a list")
        let params = try #require(defs["stepsFile"]?["properties"]?["params"]?["additionalProperties"]?["anyOf"]?.arrayValue)
        #expect(params.contains(["enum": [nil]]), "an empty parameter")
        let timeout = try #require(defs["step"]?["properties"]?["timeout"]?["anyOf"]?.arrayValue)
        #expect(timeout.contains(["enum": [0]]), "a bare 0")
    }

    static var conformanceDocuments: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: conformanceFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    /// The documents check.py expects the schema to accept are valid workflows for the
    /// loader too (so the schema is not made to accept what buyflow refuses).
    @Test(arguments: conformanceDocuments)
    func loaderAcceptsTheSchemasValidDocuments(_ name: String) {
        let path = Self.conformanceFolder.appendingPathComponent(name).path
        let result = WorkflowLoader.load(path: path, options: Fixtures.options())
        #expect(result.diagnostics.isEmpty, "\(Fixtures.render(result, cutting: ""))")
        #expect(result.workflow != nil)
    }

    @Test func conformanceDocumentsExist() {
        #expect(Self.conformanceDocuments.count >= 3)
    }

    // MARK: - The builder on specs the workflow format does not use

    @Test func builderWritesFreePrefixesOtherKeysAndRanges() {
        let inner = ObjectSpec("inner", name: "the inner", keys: [KeySpec("n", .number(minimum: 0, maximum: 1.5))])
        let outer = ObjectSpec(
            "outer", name: "the outer", summary: "Outer things.",
            keys: [
                KeySpec("inner", .object(inner), "the inner part"), KeySpec("count", required: true, .integer(minimum: 1, maximum: nil)),
                KeySpec("self", .reference("outer")), KeySpec("list", .list(.boolean, minItems: 2)),
            ],
            freeKeyPrefix: "$.", otherKeys: .map(.string)
        )
        let schema = JSONSchemaBuilder(id: "urn:test", title: "Test").schema(roots: [outer], definitions: [outer, inner])
        #expect(schema["$ref"] == "#/$defs/outer")
        #expect(schema["anyOf"] == nil)
        #expect(schema["title"] == "Test")
        let definition = schema["$defs"]?["outer"]
        #expect(definition?["description"] == "Outer things.")
        #expect(definition?["patternProperties"] == ["^\\$\\.": [:]])
        #expect(definition?["additionalProperties"] == ["type": "object", "additionalProperties": ["type": "string"]])
        #expect(definition?["required"] == ["count"])
        // A described reference is wrapped, so the description is not a sibling of $ref.
        #expect(definition?["properties"]?["inner"] == ["allOf": [["$ref": "#/$defs/inner"]], "description": "the inner part"])
        #expect(definition?["properties"]?["count"] == ["type": "integer", "minimum": 1])
        #expect(definition?["properties"]?["self"] == ["$ref": "#/$defs/outer"])
        #expect(definition?["properties"]?["list"] == ["type": "array", "items": ["type": "boolean"], "minItems": 2])
        #expect(schema["$defs"]?["inner"]?["properties"]?["n"] == ["type": "number", "minimum": 0.0, "maximum": 1.5])
    }
}
