/// Names made unique within a report section: a repeated name gets the step's id, then a
/// number (`Add line (add-line-2)`, `Add line #3`).
struct UniqueNames {
    private var used: Set<String> = []

    mutating func claim(_ name: String, id: String) -> String {
        var candidate = name
        if used.contains(candidate), name != id { candidate = "\(name) (\(id))" }
        var number = 2
        while used.contains(candidate) {
            candidate = "\(name) #\(number)"
            number += 1
        }
        used.insert(candidate)
        return candidate
    }
}
