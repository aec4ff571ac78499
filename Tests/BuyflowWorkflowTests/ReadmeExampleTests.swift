import BuyflowCore
import BuyflowWorkflow
import Foundation
import Testing

/// Every YAML example in the README validates with no error and no warning. A block
/// whose first line is `# file: <path>` is written under that path first (so examples can
/// use each other, like a steps file); every block that is a workflow is then loaded.
@Suite struct ReadmeExampleTests {
    struct Block: Sendable, CustomStringConvertible {
        var name: String
        var text: String
        var line: Int
        var description: String { "\(name) (README.md:\(line))" }
        var isStepsFile: Bool { text.contains("\nparams:") || text.contains("\noutputs:") }
    }

    static var blocks: [Block] {
        let readme = (try? String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
        var blocks: [Block] = []
        var current: [Substring]?
        var start = 0
        for (number, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```yaml" {
                current = []
                start = number + 2
            } else if current != nil, line == "```" {
                let text = current!.joined(separator: "\n") + "\n"
                var name = "example-\(blocks.count + 1).yaml"
                if let first = current!.first, first.hasPrefix("# file: ") { name = String(first.dropFirst(8)) }
                blocks.append(Block(name: name, text: text, line: start))
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func theReadmeHasExamples() {
        #expect(Self.blocks.count >= 6)
    }

    @Test(arguments: blocks.filter { !$0.isStepsFile })
    func exampleValidates(_ block: Block) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in Self.blocks {
            let url = folder.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.text.write(to: url, atomically: true, encoding: .utf8)
        }
        let result = WorkflowLoader.load(path: folder.appendingPathComponent(block.name).path, options: Fixtures.options())
        #expect(result.diagnostics.isEmpty, "\(Fixtures.render(result, cutting: folder.path + "/"))")
        #expect(result.workflow != nil)
    }
}
