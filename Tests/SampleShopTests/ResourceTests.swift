import BuyflowCore
import BuyflowTestSupport
import Foundation
import GraphQLKit
import Testing
@testable import SampleShop

@Suite("Embedded resources and the schema subset")
struct ResourceTests {
    @Test("the bundled schema and catalog are byte-identical to samples/", arguments: ["storefront.graphql", "catalog.json"])
    func copiesMatchSamples(name: String) throws {
        let sample = try Data(contentsOf: RepositoryPaths.file("samples/\(name)"))
        let resource = try Data(contentsOf: RepositoryPaths.file("Sources/SampleShop/Resources/\(name)"))
        #expect(resource == sample, "Sources/SampleShop/Resources/\(name) drifted from samples/\(name): cp samples/\(name) Sources/SampleShop/Resources/")
        let parts = name.split(separator: ".")
        let bundled = try #require(Bundle.module(forShop: String(parts[0]), String(parts[1])))
        #expect(bundled == sample, "the built bundle holds the file's content (not a link)")
    }

    @Test("the embedded schema and catalog load without any file at run time")
    func embedded() throws {
        let schema = SampleShop.storefrontSchema
        #expect(schema.queryType?.name == "QueryRoot")
        #expect(schema.types.filter { !$0.isBuiltIn }.count == 216)
        #expect(ShopCatalog.sample.shopName == "Sample Shoes")
        #expect(ShopCatalog.sample.productHandles.count == 9)
    }

    @Test("every type, field, argument (type and default), input field and enum value of the subset is exactly as published")
    func subsetMatchesPublishedSchema() throws {
        guard RepositoryPaths.hasPublishedSchema else {
            print("note: skipping the subset check: \(RepositoryPaths.publishedSchema.path) is absent (it is present in CI)")
            return
        }
        let subset = SampleShop.storefrontSchema
        let published = try Schema.load(path: RepositoryPaths.publishedSchema.path)
        var problems: [String] = []
        var fieldsChecked = 0
        func same(_ a: TypeRef, _ b: TypeRef) -> Bool { subset.describe(a) == published.describe(b) }
        func printed(_ value: Value?) -> String { value.map { Printer.print($0) } ?? "none" }
        func compareArguments(_ mine: [SchemaInputValue], _ theirs: [SchemaInputValue], _ owner: String, whole: Bool) {
            for argument in mine {
                guard let other = theirs.first(where: { $0.name == argument.name }) else {
                    problems.append("\(owner)(\(argument.name):) is not published")
                    continue
                }
                if !same(argument.type, other.type) {
                    problems.append("\(owner)(\(argument.name):) is \(subset.describe(argument.type)), published \(published.describe(other.type))")
                }
                if printed(argument.defaultValue) != printed(other.defaultValue) {
                    problems.append("\(owner)(\(argument.name):) defaults to \(printed(argument.defaultValue)), published \(printed(other.defaultValue))")
                }
                if argument.deprecationReason != other.deprecationReason { problems.append("\(owner)(\(argument.name):) deprecation differs") }
            }
            for other in theirs where (whole || other.isRequired) && !mine.contains(where: { $0.name == other.name }) {
                problems.append("\(owner) lacks the published \(other.isRequired ? "required " : "")\(other.name)")
            }
        }
        for type in subset.types where !type.isBuiltIn {
            guard let other = published.type(named: type.name) else {
                problems.append("type \(type.name) is not published")
                continue
            }
            if type.kind != other.kind { problems.append("\(type.name) is \(type.kind), published \(other.kind)") }
            for field in type.fields {
                fieldsChecked += 1
                guard let theirs = other.field(named: field.name) else {
                    problems.append("\(type.name).\(field.name) is not published")
                    continue
                }
                if !same(field.type, theirs.type) {
                    problems.append("\(type.name).\(field.name) is \(subset.describe(field.type)), published \(published.describe(theirs.type))")
                }
                if field.deprecationReason != theirs.deprecationReason { problems.append("\(type.name).\(field.name) deprecation differs") }
                compareArguments(field.arguments, theirs.arguments, "\(type.name).\(field.name)", whole: false)
            }
            let interfaces = Set(other.interfaces.map { published[$0].name })
            for interface in type.interfaces where !interfaces.contains(subset[interface].name) {
                problems.append("\(type.name) implements \(subset[interface].name), not published")
            }
            if type.kind == .union {
                let members = Set(other.possibleTypes.map { published[$0].name })
                for member in type.possibleTypes where !members.contains(subset[member].name) {
                    problems.append("union \(type.name) has \(subset[member].name), not published")
                }
            }
            if type.kind == .enum {
                let mine = type.enumValues.map { "\($0.name)\($0.isDeprecated ? "(deprecated)" : "")" }
                let theirs = other.enumValues.map { "\($0.name)\($0.isDeprecated ? "(deprecated)" : "")" }
                if mine != theirs { problems.append("enum \(type.name) differs: \(Set(mine).symmetricDifference(theirs).sorted())") }
            }
            if type.kind == .inputObject {
                compareArguments(type.inputFields, other.inputFields, "input \(type.name)", whole: true)
            }
        }
        for directive in subset.directives where !directive.isBuiltIn {
            guard let other = published.directive(named: directive.name) else {
                problems.append("directive @\(directive.name) is not published")
                continue
            }
            compareArguments(directive.arguments, other.arguments, "@\(directive.name)", whole: true)
            if Set(directive.locations) != Set(other.locations) { problems.append("@\(directive.name) locations differ") }
        }
        #expect(subset.queryType?.name == published.queryType?.name)
        #expect(subset.mutationType?.name == published.mutationType?.name)
        #expect(fieldsChecked > 300)
        #expect(problems.isEmpty, "\(problems.count) differences:\n\(problems.prefix(30).joined(separator: "\n"))")
    }
}

extension Bundle {
    /// The content of a file in the SampleShop module's resource bundle.
    static func module(forShop name: String, _ ext: String) -> Data? {
        let bytes = ShopResources.bytes(name, ext)
        return Data(bytes)
    }
}
