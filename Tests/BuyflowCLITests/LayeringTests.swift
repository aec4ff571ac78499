import BuyflowTestSupport
import Foundation
import Testing

/// The package's layers as `Package.swift` lists them in its opening comment, lowest
/// first, held against what every source file imports: a module imports only modules
/// listed below it, and the rules the layers exist for hold — the engine never imports
/// the sample shop (the CLI starts it and hands over an endpoint), the expression language
/// does no I/O, report values need no networking, the generator stands on GraphQLKit.
/// (SwiftPM lets a module import any module its dependencies reach; this does not.)
@Suite("Layers: each module imports only the layers below it")
struct LayeringTests {
    /// Module names in the order `Package.swift`'s comment lists them (lines of the form
    /// `//   Name, Name   what they are`, up to `import PackageDescription`).
    static func layers() throws -> [String] {
        let manifest = try String(contentsOf: RepositoryPaths.file("Package.swift"), encoding: .utf8)
        var names: [String] = []
        var inList = false
        for line in manifest.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("// Layers, lowest first") { inList = true; continue }
            guard inList else { continue }
            guard line.hasPrefix("//   ") else { break }
            // The names come first, separated by commas, before two or more spaces.
            let head = line.dropFirst(5).components(separatedBy: "  ").first ?? ""
            names += head.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        return names
    }

    /// The project modules each file of `Sources/<module>` imports, with the file.
    static func imports(of module: String, among known: Set<String>) throws -> [(file: String, module: String)] {
        let folder = RepositoryPaths.file("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                // `import X`, `internal import X`, `@preconcurrency import X`, `import struct X.Y`.
                let words = line.split(separator: " ").map(String.init)
                guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") || Self.accessLevels.contains($0) }),
                      index + 1 < words.count
                else { continue }
                var name = words[index + 1]
                if Self.declarationKinds.contains(name), index + 2 < words.count { name = words[index + 2] }
                name = String(name.prefix { $0 != "." })
                if known.contains(name) { found.append((url.path.replacingOccurrences(of: RepositoryPaths.root.path + "/", with: ""), name)) }
            }
        }
        return found
    }

    static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    static let declarationKinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]

    @Test("Package.swift lists every module under Sources once")
    func everyModuleIsListed() throws {
        let listed = try Self.layers()
        #expect(Set(listed).count == listed.count, "a module is listed twice: \(listed)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.file("Sources").path).filter { !$0.hasPrefix(".") }
        #expect(Set(folders) == Set(listed), "folders not listed: \(Set(folders).subtracting(listed).sorted()); listed without a folder: \(Set(listed).subtracting(folders).sorted())")
    }

    @Test("every import of a project module goes down the layers")
    func importsGoDown() throws {
        let layers = try Self.layers()
        let rank = Dictionary(uniqueKeysWithValues: layers.enumerated().map { ($1, $0) })
        var upward: [String] = []
        for module in layers {
            for (file, imported) in try Self.imports(of: module, among: Set(layers)) where imported != module {
                if rank[imported, default: .max] >= rank[module, default: .max] {
                    upward.append("\(file): \(module) imports \(imported), which is not below it")
                }
            }
        }
        #expect(upward.isEmpty, "\(upward.joined(separator: "\n"))")
    }

    /// What the layers are for, beyond their order: modules each one never imports.
    static let forbidden: [String: (never: Set<String>, why: String)] = [
        "BuyflowExpressions": (["Foundation", "FoundationNetworking", "YAML", "GraphQLKit", "Buy"], "the expression language does no I/O"),
        "BuyflowReport": (["Buy", "BuyCurl", "BuyHTTP1", "HTTPServer", "SampleShop", "FoundationNetworking"], "report values and renderers need no networking"),
        "BuyflowWorkflow": (["Buy", "BuyCurl", "BuyHTTP1", "HTTPServer", "SampleShop", "FoundationNetworking"], "the workflow model and its checks send nothing"),
        "BuyflowRunner": (["SampleShop", "HTTPServer"], "the engine never starts the sample shop: the CLI hands it an endpoint"),
        "BuyflowLoad": (["SampleShop", "HTTPServer"], "the engine never starts the sample shop: the CLI hands it an endpoint"),
        "BuyGen": (["Buy", "SampleShop", "YAML", "BuyflowWorkflow"], "the generator stands on GraphQLKit only"),
    ]

    @Test("the engine never imports the sample shop; expressions do no I/O; reports and the generator stay apart",
          arguments: forbidden.keys.sorted())
    func forbiddenImportsAreAbsent(_ module: String) throws {
        let rule = try #require(Self.forbidden[module])
        let found = try Self.imports(of: module, among: rule.never)
        #expect(found.isEmpty, "\(rule.why): \(found.map { "\($0.file) imports \($0.module)" }.joined(separator: "; "))")
    }

    /// Parallelism belongs to the caller (`--jobs` runs files at once): the reader and the
    /// loader run on the thread that calls them.
    @Test("the YAML reader and the workflow loader start no thread", arguments: ["YAML", "BuyflowWorkflow"])
    func noThreadsInTheLoader(_ module: String) throws {
        let folder = RepositoryPaths.file("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var count = 0
        for case let url as URL in files where url.pathExtension == "swift" {
            count += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            for starter in ["pthread_create", "Thread(", "Thread.detachNewThread", "DispatchQueue", "Task.detached", "Task {", "sched_setaffinity"] {
                #expect(!text.contains(starter), "\(url.lastPathComponent) uses \(starter)")
            }
        }
        #expect(count > 5)
    }
}
