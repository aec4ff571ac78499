/// A line diff of two texts (longest common subsequence), for test failure messages
/// where a plain "not equal" would leave the reader to spot the change by eye.
public enum LineDiff {
    /// `expected` turned into `actual`, a line each: "  " for an unchanged line, "- " for
    /// one only in `expected`, "+ " for one only in `actual`. Texts are split at "\n", so a
    /// trailing newline shows as a last, empty line.
    ///
    /// With `context`, an unchanged line more than `context` lines away from every change
    /// is left out, and each stretch left out shows as one "  …" line; this keeps the
    /// message short for large files. Without it, every line is shown.
    public static func render(expected: String, actual: String, context: Int? = nil) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        // lcs[i][j]: length of the longest common subsequence of a[i...] and b[j...].
        var lcs = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var lines: [(mark: Character, text: Substring)] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                lines.append((" ", a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
                lines.append(("-", a[i]))
                i += 1
            } else {
                lines.append(("+", b[j]))
                j += 1
            }
        }
        var out: [String] = []
        for (index, line) in lines.enumerated() {
            let shown: Bool
            if let context, line.mark == " " {
                let window = max(0, index - context)...min(lines.count - 1, index + context)
                shown = lines[window].contains { $0.mark != " " }
            } else {
                shown = true
            }
            if shown {
                out.append("\(line.mark) \(line.text)")
            } else if out.last != "  …" {
                out.append("  …")
            }
        }
        return out.joined(separator: "\n")
    }
}
