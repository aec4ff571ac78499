import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow
import Foundation
import GraphQLKit
import YAML

/// Times, each on its own, the stages of a workflow load that other modules do: reading
/// and parsing the YAML into located values, parsing and validating every GraphQL
/// operation against the schema, parsing every expression and template. Whatever the
/// loader spends beyond their sum is its own work.
struct StageTimer {
    var files: [String]
    var corpora: [WorkflowCorpus]
    var schema: Schema

    /// Milliseconds to read every file and build its located tree (as the loader does).
    func yaml() -> Double {
        measure {
            for path in files {
                guard let data = FileManager.default.contents(atPath: path),
                      let text = String(validating: data, as: UTF8.self),
                      let root = try? YAMLParser.parseLocated(text, path: path, duplicateKeys: .keep) else {
                    preconditionFailure("cannot parse \(path)")
                }
                blackHole(root)
            }
        }
    }

    /// Milliseconds to check every operation as a load does: `OperationCheck` with one
    /// memo, so an operation repeated, or renamed, is not parsed or validated again.
    func graphql() -> Double {
        measure {
            var memo = OperationCheck.Memo()
            for corpus in corpora {
                for text in corpus.operations {
                    let check = OperationCheck.check(text, expecting: nil, schema: schema, memo: &memo) { line, column in
                        SourceLocation(file: "<operation>", line: line, column: column)
                    }
                    precondition(check.diagnostics.isEmpty, "invalid operation: \(text)")
                }
            }
        }
    }

    /// Milliseconds to parse every distinct expression and templated scalar once (a load
    /// parses each distinct text once).
    func expressions() -> Double {
        measure {
            var expressions: Set<String> = []
            var templates: Set<String> = []
            for corpus in corpora {
                for text in corpus.expressions where expressions.insert(text).inserted {
                    guard let expression = try? ExpressionParser.parse(text) else { preconditionFailure("cannot parse \(text)") }
                    blackHole(expression)
                }
                for text in corpus.templates where templates.insert(text).inserted {
                    guard let template = try? Template.parse(text) else { preconditionFailure("cannot parse \(text)") }
                    blackHole(template)
                }
            }
        }
    }

    private func measure(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        return GraphQLBenchmark.milliseconds(since: start)
    }
}

/// Keeps a value alive so the optimizer cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
