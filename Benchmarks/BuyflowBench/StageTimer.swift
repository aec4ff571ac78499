import BuyflowCore
import BuyflowExpressions
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

    /// Milliseconds to parse and validate every operation (each once, as written).
    func graphql() -> Double {
        measure {
            for corpus in corpora {
                for text in corpus.operations {
                    guard let document = try? Parser.parse(text, path: "<operation>") else { preconditionFailure("cannot parse \(text)") }
                    precondition(Validator.validate(document, against: schema).isEmpty, "invalid operation: \(text)")
                }
            }
        }
    }

    /// Milliseconds to parse every expression and every templated scalar.
    func expressions() -> Double {
        measure {
            for corpus in corpora {
                for text in corpus.expressions {
                    guard let expression = try? ExpressionParser.parse(text) else { preconditionFailure("cannot parse \(text)") }
                    blackHole(expression)
                }
                for text in corpus.templates {
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
