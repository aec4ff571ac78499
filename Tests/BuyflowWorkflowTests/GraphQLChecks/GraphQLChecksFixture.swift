import BuyflowCore
import BuyflowTestSupport
import Foundation
import GraphQLKit
import YAML
@testable import BuyflowWorkflow

/// Shared material of the GraphQL check tests: the sample shop's schema, a mapper with a
/// known offset, and places in texts found by a marker rather than counted by hand.
enum GraphQLChecksFixture {
    static let packageRoot = RepositoryPaths.root

    /// `samples/storefront.graphql`, loaded once.
    static let storefront: Schema = {
        do {
            return try Schema.load(path: packageRoot.appendingPathComponent("samples/storefront.graphql").path)
        } catch {
            fatalError("cannot load the sample schema: \(error)")
        }
    }()

    /// The workflow file the mapped locations point into.
    static let workflowPath = "flow.yaml"
    static let lineOffset = 10
    static let columnOffset = 4

    /// As if the GraphQL text started at line 11, column 5 of `flow.yaml`.
    static func offsetMapper(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: workflowPath, line: line + lineOffset, column: column + columnOffset)
    }

    /// The place of the first `marker` on 1-based `line` of `text` (column in scalars).
    static func spot(of marker: String, line: Int, in text: String, file: String) -> SourceLocation {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = String(lines[line - 1])
        guard let range = row.firstRange(of: marker) else { fatalError("'\(marker)' is not on line \(line): \(row)") }
        return SourceLocation(file: file, line: line, column: row[..<range.lowerBound].unicodeScalars.count + 1)
    }

    /// `spot` in GraphQL text, then through `offsetMapper`.
    static func mapped(_ marker: String, line: Int, in text: String) -> SourceLocation {
        let place = spot(of: marker, line: line, in: text, file: "")
        return offsetMapper(place.line, place.column)
    }

    /// A YAML text as the located value the workflow loader hands over.
    /// An empty text is an empty YAML value (`variables:` with nothing after it).
    static func yaml(_ text: String, path: String = "vars.yaml") -> LocatedValue {
        if text.isEmpty {
            return LocatedValue(.null, at: SourceLocation(file: path, line: 1, column: 1), style: .plain, text: "")
        }
        do {
            return try YAMLParser.parse(text, path: path).located
        } catch {
            fatalError("bad YAML in a test: \(error)")
        }
    }

    /// The variable definitions of an operation written in a test.
    static func definitions(_ operation: String) -> [VariableDefinition] {
        do {
            return try Parser.parse(operation).operations[0].variableDefinitions
        } catch {
            fatalError("bad operation in a test: \(error)")
        }
    }

    /// A path as written after `data.` (`cart.lines.nodes[0].id`, `[*]` for a dynamic
    /// index), its components located on line 1 of `path.yaml` at their column.
    static func components(_ path: String) -> [SelectionPath.Component] {
        var components: [SelectionPath.Component] = []
        var column = 1
        var name = ""
        var nameColumn = 1
        func flush() {
            if !name.isEmpty {
                components.append(.field(name: name, location: SourceLocation(file: "path.yaml", line: 1, column: nameColumn)))
            }
            name = ""
        }
        var characters = Array(path)[...]
        while let character = characters.first {
            switch character {
            case ".":
                flush()
                characters.removeFirst()
                column += 1
            case "[":
                flush()
                let inside = characters.prefix { $0 != "]" }
                let location = SourceLocation(file: "path.yaml", line: 1, column: column)
                components.append(inside.dropFirst() == ["*"] ? .dynamic : .index(location: location))
                characters.removeFirst(inside.count + 1)
                column += inside.count + 1
            default:
                if name.isEmpty { nameColumn = column }
                name.append(character)
                characters.removeFirst()
                column += 1
            }
        }
        flush()
        return components
    }
}
