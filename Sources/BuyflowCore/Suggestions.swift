/// "Did you mean" suggestions: the valid names closest to a misspelt one by
/// Damerau–Levenshtein distance (a swap of two neighbours counts as one edit),
/// case-insensitive, within a threshold that grows with the name's length. Among names
/// equally close, the one sharing the longest prefix with the input comes first
/// (`CAN` → `CA` rather than `AN`).
public enum Suggestions {
    /// The closest candidate, or `nil` when none is close enough.
    public static func closest(to input: String, among candidates: some Sequence<String>) -> String? {
        ranked(for: input, among: candidates).first
    }

    /// Every candidate close enough to `input`, best first (ties keep a stable, sorted order).
    public static func ranked(for input: String, among candidates: some Sequence<String>) -> [String] {
        let threshold = input.count / 3 + 1
        let lowered = Array(input.lowercased().unicodeScalars)
        var scored: [(distance: Int, prefix: Int, name: String)] = []
        for candidate in candidates where candidate != input {
            let candidateLowered = Array(candidate.lowercased().unicodeScalars)
            let distance = candidateLowered == lowered ? 0 : editDistance(lowered, candidateLowered)
            if distance <= threshold {
                let prefix = zip(lowered, candidateLowered).prefix { $0 == $1 }.count
                scored.append((distance, -prefix, candidate))
            }
        }
        scored.sort { ($0.distance, $0.prefix, $0.name) < ($1.distance, $1.prefix, $1.name) }
        return scored.map(\.name)
    }

    /// Optimal-string-alignment distance between two scalar arrays.
    public static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }

    public static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}
