import BuyflowCore

extension ReportComparison {
    /// The comparison as `buyflow.compare/1`: `format`, `before`, `after` (the files
    /// compared), `thresholds`, `runs`, `steps`, `operations`, `summary`, `regression`.
    public func jsonValue(before: String, after: String) -> JSONValue {
        var object = JSONObject()
        object["format"] = "buyflow.compare/1"
        object["before"] = .string(before)
        object["after"] = .string(after)
        object["thresholds"] = [
            "relativePercent": .double((thresholds.relative * 1000).rounded() / 10),
            "absoluteMs": .double(ReportNumbers.milliseconds(thresholds.absolute)),
        ]
        object["runs"] = .array(runs.map { pair in
            var run = JSONObject()
            run["name"] = .string(pair.name)
            run["before"] = pair.before.map(Self.runSide) ?? .null
            run["after"] = pair.after.map(Self.runSide) ?? .null
            return .object(run)
        })
        object["steps"] = .array(steps.map(\.jsonValue))
        object["operations"] = .array(operations.map(\.jsonValue))
        object["summary"] = .object(JSONObject(counts.map { ($0.0, JSONValue.int($0.1)) }))
        object["regression"] = .bool(hasRegression)
        return .object(object)
    }

    /// Pretty JSON text with a final newline.
    public func prettyJSON(before: String, after: String) -> [UInt8] {
        JSONSerializer(pretty: true).bytes(jsonValue(before: before, after: after)) + [UInt8(ascii: "\n")]
    }

    static func runSide(_ run: RunReport) -> JSONValue {
        [
            "status": .string(run.status.rawValue), "durationMs": .double(ReportNumbers.milliseconds(run.duration)),
            "file": .string(run.workflow.file),
        ]
    }
}
