import BuyflowCore
import Foundation
import Testing
@testable import BuyflowWorkflow

/// A step list of `WorkflowLoader.concurrentStepThreshold` steps or more is read in two
/// halves on two threads; what comes out must be exactly what one thread gives: the same
/// diagnostics in the same order (problems in both halves, in steps files first used in
/// either half or both, flow problems across the halves), the same files, the same steps.
@Suite("Concurrent step checks")
struct ConcurrentLoadTests {
    /// A workflow of `count` steps in a fresh folder, with a steps file; `broken` plants
    /// problems all over it.
    static func write(count: Int, broken: Bool) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-concurrent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("steps"), withIntermediateDirectories: true)
        let stepsFile = """
        version: 1
        name: Add a line
        params:
          variant: { required: true }
        steps:
          - name: Create
            mutation: |
              mutation Create($lines: [CartLineInput!]) {
                cartCreate(input: {lines: $lines}) { cart { id totalQuantity } userErrors { message } }
              }
            variables:
              lines: [{ merchandiseId: "${{ params.variant }}", quantity: 1 }]
            \(broken ? "captur:" : "capture:")
              cartId: data.cartCreate.cart.id
        outputs:
          cartId: cartId

        """
        try Data(stepsFile.utf8).write(to: directory.appendingPathComponent("steps/add.yaml"))
        // add.yaml and other.yaml are first used in both halves, late.yaml in the second only.
        for (file, name) in [("other", "Add another"), ("late", "Add late")] {
            try Data(stepsFile.replacingOccurrences(of: "Add a line", with: name).utf8)
                .write(to: directory.appendingPathComponent("steps/\(file).yaml"))
        }

        var text = "version: 1\nname: Concurrent\nvars:\n  handle: classic-sneaker\nsteps:\n"
        for index in 0..<count {
            let problem = broken && index % 37 == 5
            let field = broken && index % 41 == 7 ? "titel" : "title"
            // One name, near the end, repeats the first step's.
            func name(_ own: String) -> String { broken && index == count - 3 ? "Product 0" : own }
            switch index % 4 {
            case 0:
                text += """
                  - name: \(name("Product \(index)"))
                    query: |
                      query Product\(index)($handle: String!) {
                        product(handle: $handle) { id \(field) variants(first: 2) { nodes { id } } }
                      }
                    variables:
                      handle: ${{ vars.\(broken && index % 43 == 8 ? "handel" : "handle") }}
                    \(problem ? "captur" : "capture"):
                      variant\(index): data.product.variants.nodes[0].id
                    assert:
                      - data.product.\(broken && index % 47 == 12 ? "titl" : "title") != null

                """
            case 1:
                // Uses the capture of the step before it, or (broken) of a later step.
                let source = broken && index % 53 == 9 ? index + 3 : index - 1
                text += """
                  - name: \(name("Add \(index)"))
                    use: steps/\(index > count * 3 / 4 ? "late" : index % 8 == 1 ? "add" : "other").yaml
                    with:
                      variant: ${{ variant\(source) }}

                """
            case 2:
                text += """
                  - name: \(name("Shop \(index)"))
                    query: "{ shop { name } }"
                    assert:
                      - that: data.shop.name
                        equals: Sample Shop
                      - steps.add-\(index - 1).status == 200

                """
            default:
                text += """
                  - name: \(name("Wait \(index)"))
                    sleep: \(broken && index % 59 == 11 ? "10parsecs" : "1ms")

                """
            }
        }
        let path = directory.appendingPathComponent("workflow.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// `splitAnySize`: the file is parsed in two parts however short it is.
    static func load(_ path: String, concurrent: Bool, workerDelay: Duration? = nil, splitAnySize: Bool = false) -> WorkflowLoader.Result {
        var options = Fixtures.options()
        options.concurrent = concurrent
        options.workerDelayForTesting = workerDelay
        options.yamlSplitSizeForTesting = splitAnySize ? 0 : nil
        return WorkflowLoader.load(path: path, options: options)
    }

    @Test("problems everywhere: the same diagnostics, in the same order, as one thread", arguments: [64, 131])
    func brokenSame(count: Int) throws {
        let path = try Self.write(count: count, broken: true)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let one = Self.load(path, concurrent: false)
        #expect(one.diagnostics.count >= 8, "the planted problems are found")
        let codes = Set(one.diagnostics.map(\.code))
        for code in ["workflow.unknown-key", "graphql.FieldsOnCorrectType", "workflow.too-early", "workflow.undefined-name",
                     "workflow.duplicate-step", "workflow.path"] {
            #expect(codes.contains(code), "\(code) is planted")
        }
        // A late worker: this thread parses the whole file, takes the second half of the
        // steps back, a few at a time, and checks the whole flow itself; the worker, once
        // it starts, finds nothing to do. The file parsed in two parts or whole.
        for delay in [nil, nil, Duration.milliseconds(50)] {
            for split in [false, true] {
                let two = Self.load(path, concurrent: true, workerDelay: delay, splitAnySize: split)
                #expect(two.diagnostics == one.diagnostics)
                #expect(two.sources.map(\.path) == one.sources.map(\.path))
            }
        }
    }

    /// A step's body without what may differ between loads (shape numbers).
    static func summary(_ step: Step) -> String {
        switch step.body {
        case .operation(let operation): "\(operation.kind) \(operation.name ?? "-") \(operation.location) \(operation.text)"
        case .use(let call): "use \(call.path) \(call.arguments.map(\.name)) \(call.stepsFile.steps.map(\.id))"
        case .sleep(let setting): "sleep \(setting)"
        case .node(let lookup): "node \(lookup.typeName)"
        }
    }

    @Test("a clean workflow: the same steps, files and warnings as one thread", arguments: [64, 150])
    func cleanSame(count: Int) throws {
        let path = try Self.write(count: count, broken: false)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        let one = Self.load(path, concurrent: false)
        let two = Self.load(path, concurrent: true)
        let late = Self.load(path, concurrent: true, workerDelay: .milliseconds(50))
        #expect(late.workflow?.steps.map(Self.summary) == one.workflow?.steps.map(Self.summary))
        #expect(late.diagnostics.isEmpty)
        for delay in [nil, Duration.milliseconds(50)] {
            let split = Self.load(path, concurrent: true, workerDelay: delay, splitAnySize: true)
            #expect(split.diagnostics.isEmpty, "\(Fixtures.render(split, cutting: ""))")
            #expect(split.workflow?.steps.map(Self.summary) == one.workflow?.steps.map(Self.summary))
            #expect(split.workflow?.steps.map(\.location) == one.workflow?.steps.map(\.location))
        }
        #expect(one.diagnostics.isEmpty, "\(Fixtures.render(one, cutting: ""))")
        #expect(two.diagnostics.isEmpty, "\(Fixtures.render(two, cutting: ""))")
        let first = try #require(one.workflow), second = try #require(two.workflow)
        #expect(second.steps.count == count)
        #expect(second.steps.map(\.id) == first.steps.map(\.id))
        #expect(second.steps.map(\.location) == first.steps.map(\.location))
        #expect(second.steps.map(Self.summary) == first.steps.map(Self.summary))
        #expect(second.steps.map(\.assertions.count) == first.steps.map(\.assertions.count))
        #expect(second.sources.map(\.path) == first.sources.map(\.path))
        #expect(second.warnings == first.warnings)
    }
}
