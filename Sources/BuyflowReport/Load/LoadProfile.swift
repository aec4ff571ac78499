import BuyflowCore

/// The load profile a load run used: `{"vus": 20, "durationMs": 30000.0}`, then
/// `iterations`, `rampUpMs`, `arrivalRate` (per second) and `maxVus` when set.
public struct LoadProfile: JSONConvertible, Sendable, Hashable {
    /// Concurrent virtual users (`null` in the open model, where `maxVus` bounds them).
    public var vus: Int?
    /// `durationMs`; `nil` when the run is bounded by iterations only.
    public var duration: Duration?
    /// Total iterations, when bounded by them.
    public var iterations: Int?
    /// `rampUpMs`.
    public var rampUp: Duration?
    /// New iterations per second (open model).
    public var arrivalRate: Double?
    public var maxVus: Int?

    public init(
        vus: Int?, duration: Duration?, iterations: Int? = nil, rampUp: Duration? = nil, arrivalRate: Double? = nil,
        maxVus: Int? = nil
    ) {
        self.vus = vus
        self.duration = duration
        self.iterations = iterations
        self.rampUp = rampUp
        self.arrivalRate = arrivalRate
        self.maxVus = maxVus
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["vus"] = vus.map(JSONValue.int) ?? .null
        object["durationMs"] = ReportNumbers.json(duration)
        if let iterations { object["iterations"] = .int(iterations) }
        if let rampUp { object["rampUpMs"] = ReportNumbers.json(rampUp) }
        if let arrivalRate { object["arrivalRate"] = ReportNumbers.rate(arrivalRate) }
        if let maxVus { object["maxVus"] = .int(maxVus) }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            vus: try reader.optionalInt("vus"), duration: try reader.optionalDuration("durationMs"),
            iterations: try reader.optionalInt("iterations"), rampUp: try reader.optionalDuration("rampUpMs"),
            arrivalRate: try reader.optionalDouble("arrivalRate"), maxVus: try reader.optionalInt("maxVus")
        )
    }
}
