import BuyflowCore

extension WorkflowSpecs {
    /// The JSON Schema (draft 2020-12) of workflow files and steps files, printed by
    /// `buyflow schema workflow`, for editors (`# yaml-language-server: $schema=…`).
    public static var jsonSchema: JSONValue {
        JSONSchemaBuilder(
            id: "urn:buyflow:schema:workflow:1",
            title: "buyflow workflow or steps file (format version 1)"
        ).schema(roots: [workflow, stepsFile], definitions: all)
    }
}
