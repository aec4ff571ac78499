import BuyflowTestSupport
import Foundation
import Testing

/// The YAML module uses libyaml through `yaml.h` alone, as Yams does: it calls only
/// functions the header declares, defines none of libyaml's symbols (so the static
/// `libyaml.a` links beside it, as vendoring libyaml for Apple platforms needs), and never
/// writes a `yaml_parser_t` member.
@Suite("libyaml through its public API")
struct LibYAMLPublicAPITests {
    static let header = "/usr/include/yaml.h"
    static let archive = "/usr/lib/x86_64-linux-gnu/libyaml.a"
    static let objects = RepositoryPaths.file(".build/debug/YAML.build")

    /// The YAML module's compiled objects (from the test build that runs this).
    static func objectFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: objects.path)
            .filter { $0.hasSuffix(".o") }.sorted().map { objects.appendingPathComponent($0).path }
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("every libyaml symbol the module uses is a function yaml.h declares")
    func onlyDeclaredFunctions() throws {
        let header = try String(contentsOfFile: Self.header, encoding: .utf8)
        let objects = try Self.objectFiles()
        try #require(!objects.isEmpty, "no objects in \(Self.objects.path)")
        let listing = try Self.run("nm", ["--undefined-only"] + objects)
        #expect(listing.status == 0, "\(listing.output)")
        let used = Set(listing.output.split(whereSeparator: \.isWhitespace).map(String.init).filter { $0.hasPrefix("yaml_") })
        #expect(used.contains("yaml_parser_parse") && used.contains("yaml_event_delete"), "\(used.sorted())")
        for name in used.sorted() {
            #expect(header.contains("\n\(name)(") || header.contains(" \(name)("), "\(name) is not declared in yaml.h")
        }
    }

    @Test("the module defines no libyaml symbol: the static libyaml.a links beside it")
    func linksTheStaticArchive() throws {
        let objects = try Self.objectFiles()
        try #require(!objects.isEmpty)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-yaml-static-\(UUID().uuidString).so").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Every member of the archive pulled in: any symbol the module also defines is a
        // "multiple definition" error.
        let link = try Self.run("clang", ["-shared", "-o", output] + objects
            + ["-Wl,--whole-archive", Self.archive, "-Wl,--no-whole-archive"])
        #expect(link.status == 0, "\(link.output)")
    }

    @Test("no source writes a yaml_parser_t member or defines a yaml_ function")
    func noPrivateAccess() throws {
        let folder = RepositoryPaths.file("Sources")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var checked = 0
        for case let url as URL in files where ["swift", "c", "h"].contains(url.pathExtension) {
            let text = try String(contentsOf: url, encoding: .utf8)
            guard text.contains("yaml_") else { continue }
            checked += 1
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let place = "\(url.lastPathComponent):\(number + 1): \(line)"
                // Writes through `parser.pointee.` (reading the error fields is what yaml.h offers).
                #expect(line.firstMatch(of: /parser\.pointee\.[a-z_.]+\s*[-+*]?=[^=]/) == nil, "\(place)")
                #expect(!line.contains("@_cdecl(\"yaml_"), "\(place)")
                // A C definition: a return type, the name, parameters, no semicolon.
                if url.pathExtension != "swift" {
                    #expect(line.firstMatch(of: /^(static\s+)?(const\s+)?\w+[\s*]+yaml_\w+\s*\([^;]*$/) == nil, "\(place)")
                }
            }
        }
        #expect(checked >= 1, "the libyaml reader was not found")
    }
}
