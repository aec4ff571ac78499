/// A small line diff (longest common subsequence) for golden-file failures.
enum LineDiff {
    static func render(expected: String, actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                out.append("  " + a[i])
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                out.append("- " + a[i])
                i += 1
            } else {
                out.append("+ " + b[j])
                j += 1
            }
        }
        return out.joined(separator: "\n")
    }
}
