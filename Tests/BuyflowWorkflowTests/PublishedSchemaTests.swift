@testable import BuyflowWorkflow
import BuyflowTestSupport
import Foundation
import GraphQLKit
import Testing

/// The shipped Storefront schema: stored gzip-compressed, inflated to exactly the bytes
/// `Resources/README.md` names (and the reference copy beside the package, when present),
/// and the bounded inflater's failures.
@Suite struct PublishedSchemaTests {
    static let resources = RepositoryPaths.file("Sources/BuyflowWorkflow/Resources")
    static let reference = RepositoryPaths.publishedSchema

    /// The compressed resource as stored in the source tree.
    static func compressed() throws -> [UInt8] {
        Array(try Data(contentsOf: resources.appendingPathComponent(PublishedSchema.resourceName)))
    }

    /// The sha256 in the README's table (`| sha256 (uncompressed) | `…` |`).
    static func readmeDigest() throws -> String {
        let readme = try String(contentsOf: resources.appendingPathComponent("README.md"), encoding: .utf8)
        let row = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| sha256 (uncompressed) |") })
        let parts = row.split(separator: "`")
        return try #require(parts.count >= 2 ? String(parts[1]) : nil)
    }

    /// `sha256sum` of `bytes` (no SHA-256 in Foundation on Linux).
    static func sha256(_ bytes: [UInt8]) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-schema-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test func inflatesToTheBytesTheReadmeNames() throws {
        let bytes = try PublishedSchema.bytes()
        #expect(bytes.count == 789_467)
        #expect(bytes.first == UInt8(ascii: "{") && bytes.last == UInt8(ascii: "}"))
        let digest = try Self.readmeDigest()
        #expect(digest.count == 64)
        #expect(try Self.sha256(bytes) == digest)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: reference.path), "no ../shared/storefront/storefront.schema.json"))
    func inflatesToTheReferenceCopy() throws {
        #expect(try PublishedSchema.bytes() == Array(try Data(contentsOf: Self.reference)))
    }

    @Test func loadsOnceAsTheStorefrontSchema() throws {
        #expect(PublishedSchema.problem == nil)
        let schema = try #require(PublishedSchema.storefront)
        let query = try #require(schema.queryType)
        for field in ["productRecommendations", "localization", "sitemap", "cart"] {
            #expect(query.field(named: field) != nil, "QueryRoot.\(field)")
        }
        #expect(PublishedSchema.storefront === schema)
    }

    /// `printf 'hello\n' | gzip -9 -n`.
    static let hello: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0xe7, 0x02, 0x00,
        0x20, 0x30, 0x3a, 0x36, 0x06, 0x00, 0x00, 0x00,
    ]

    @Test func inflatesASmallStream() throws {
        #expect(try Gunzip.inflate(Self.hello, limit: 6) == Array("hello\n".utf8))
        // A wrong size in the trailer is only a hint for the buffer: the CRC still checks.
        var lyingSize = Self.hello
        lyingSize[lyingSize.count - 4] = 0xff
        #expect(throws: Gunzip.Failure.self) { try Gunzip.inflate(lyingSize, limit: 1 << 20) }
    }

    @Test(arguments: [
        ("not gzip", Array(#"{"__schema":{}}"#.utf8) + [UInt8](repeating: 32, count: 10), 100, "not a gzip stream"),
        ("cut short", Array(hello.prefix(20)), 100, "the gzip stream is truncated"),
        ("bad data", Array(hello.prefix(10)) + [0xff, 0xff] + Array(hello.suffix(14)), 100, "the gzip stream is corrupt ("),
        ("bad CRC", Array(hello.prefix(18)) + [0x21, 0x30, 0x3a, 0x36, 6, 0, 0, 0], 100, "the gzip stream is corrupt (incorrect data check)"),
        ("trailing bytes", hello + [1, 2, 3], 100, "3 bytes follow the gzip stream"),
        ("too large", hello, 5, "it inflates to more than 5 bytes"),
    ] as [(String, [UInt8], Int, String)])
    func refusesBadStreams(_ label: String, _ bytes: [UInt8], _ limit: Int, _ message: String) {
        #expect(throws: Gunzip.Failure.self, "\(label)") { try Gunzip.inflate(bytes, limit: limit) }
        do {
            _ = try Gunzip.inflate(bytes, limit: limit)
        } catch {
            #expect(error.description.hasPrefix(message), "\(label): \(error.description)")
        }
    }

    /// The bound holds for the real resource too: nothing past `limit + 1` bytes is kept.
    @Test func theLimitIsExact() throws {
        let compressed = try Self.compressed()
        #expect(try Gunzip.inflate(compressed, limit: 789_467).count == 789_467)
        #expect(throws: Gunzip.Failure.self) { try Gunzip.inflate(compressed, limit: 789_466) }
        #expect(throws: Gunzip.Failure.self) { try Gunzip.inflate(compressed, limit: 4096) }
        var corrupt = compressed
        corrupt[compressed.count / 2] ^= 0xff
        #expect(throws: Gunzip.Failure.self) { try Gunzip.inflate(corrupt, limit: PublishedSchema.sizeLimit) }
    }
}
