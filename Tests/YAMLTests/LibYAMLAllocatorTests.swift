import BuyflowCore
import Foundation
import Testing
@testable import YAML

/// libyaml's allocations served by `CYamlAllocator`'s size classes: switched on only
/// when the probe parse shows every call reaches them, and then every parse — strings in
/// each class, grown across classes and past the largest, on many threads at once —
/// gives exactly what it gives alone.
@Suite("libyaml's allocator: size classes behind yaml_malloc, yaml_realloc, yaml_free")
struct LibYAMLAllocatorTests {
    #if os(Linux)
    /// On Linux (ELF) libyaml's calls reach the program's definitions: the probe passes.
    @Test func theProbeSwitchesTheSizeClassesOn() {
        #expect(LibYAMLEventReader.allocator)
    }
    #endif

    /// Scalars of every length up to past the largest class (2 KiB), keys and values,
    /// quoted and block styles, anchors and aliases, flow collections.
    static func document(seed: Int) -> String {
        var text = "seed: \(seed)\nitems:\n"
        for length in [0, 1, 15, 16, 17, 31, 33, 100, 255, 600, 1_500, 2_047, 2_049, 5_000, 70_000] {
            let word = String(repeating: Character(UnicodeScalar(UInt8(97 + (length + seed) % 26))), count: length)
            text += "  - plain: x\(word)\n"
            text += "    quoted: \"\(word)\\n\"\n"
            text += "    block: |\n      \(word)\n      second line\n"
            text += "    \(length == 0 ? "k" : "k" + word.prefix(40)): &a\(length) [\(length), {n: \(length)}]\n"
            text += "    again: *a\(length)\n"
        }
        return text
    }

    @Test func everyClassParsesAsWritten() throws {
        let text = Self.document(seed: 3)
        let value = try YAMLParser.parseLocated(text, path: "a.yaml")
        let items = try #require(value["items"]?.list)
        #expect(items.count == 15)
        let long = try #require(items[14]["quoted"]?.string)
        #expect(long.count == 70_001 && long.hasSuffix("\n"))
        #expect(items[3]["plain"]?.string == "x" + String(repeating: "t", count: 16))
        #expect(items[2]["block"]?.string == String(repeating: "s", count: 15) + "\nsecond line\n")
        #expect(items[5]["again"]?.list?[1]["n"]?.int == 31)
    }

    /// The same documents on eight threads at once (each thread has its own free lists,
    /// and blocks made on one may be freed on another), every result as the one alone.
    @Test func parsesOnManyThreadsAtOnceGiveTheSameValues() async throws {
        let texts = (0..<8).map { Self.document(seed: $0) }
        let alone = try texts.map { try YAMLParser.parse($0, path: "t.yaml").description }
        let together = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<(texts.count * 4) {
                group.addTask {
                    let seed = index % texts.count
                    var last = ""
                    for _ in 0..<3 { last = try YAMLParser.parse(texts[seed], path: "t.yaml").description }
                    return (seed, last)
                }
            }
            var results: [(Int, String)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(together.count == 32)
        for (seed, description) in together { #expect(description == alone[seed], "seed \(seed)") }
    }

    #if os(Linux)
    /// Handing an event back (`buyflow_yaml_event_release`, yaml_event_delete's frees
    /// without its clearing) frees everything every kind of event owns: directives, tags,
    /// anchors, aliases, scalars. A parse on this thread leaves no block of libyaml's
    /// behind (counted by the allocator, per thread).
    @Test func handingEventsBackFreesWhatTheyOwn() throws {
        let text = Array("""
            %YAML 1.1
            %TAG !shop! tag:buyflow.example,2026:
            --- !shop!order
            cart: !shop!cart &cart {id: !!str gid://shopify/Cart/1, lines: &lines [!shop!line {quantity: 2}]}
            again: *cart
            lines: *lines
            plain: a scalar longer than the smallest class of sixteen bytes
            ...

            """.utf8)
        func parse(_ times: Int) -> Int {
            text.withUnsafeBufferPointer { bytes in (0..<times).reduce(0) { total, _ in total + LibYAMLEventReader.countEvents(bytes) } }
        }
        try #require(LibYAMLEventReader.allocator)
        let before = LibYAMLEventReader.outstandingBlocks
        #expect(parse(1) == 24)
        #expect(LibYAMLEventReader.outstandingBlocks == before)
        _ = parse(100)
        #expect(LibYAMLEventReader.outstandingBlocks == before)
    }
    #endif

    /// A syntax error leaves nothing behind: the next parse on the same thread is whole.
    @Test func aFailedParseDoesNotDisturbTheNext() throws {
        #expect(throws: (any Error).self) { try YAMLParser.parse("a: [1, 2\nb: \"unterminated", path: "bad.yaml") }
        let value = try YAMLParser.parseLocated(Self.document(seed: 5), path: "b.yaml")
        #expect(value["seed"]?.int == 5)
    }
}
