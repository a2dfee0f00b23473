public import LocSimCanonicalJSON

/// The umbrella rule (docs/contract.md, Providers) over an OpenWeatherMap 3-hourly forecast.
///
/// `maxPop` is the largest `pop` (probability of precipitation, 0…1) of the first ``slotCount``
/// entries of `list`, as an integer percent rounded half up **on the decimal literal** (`0.305`
/// → 31, `0.295` → 30; binary floating point would get the second one wrong). Then
/// ≤ 30 → "No umbrella required", ≥ 70 → "I need an umbrella", otherwise "Peace of mind if you
/// have a folding umbrella".
public struct UmbrellaRule: Sendable, Hashable {
    /// Forecast slots considered (the request asks for `cnt=6`: the next 18 hours).
    public static let slotCount = 6
    public static let dryJudgement = "No umbrella required"
    public static let wetJudgement = "I need an umbrella"
    public static let unsureJudgement = "Peace of mind if you have a folding umbrella"

    /// The largest probability, integer percent 0…100.
    public var maxPop: Int
    /// The verdict for ``maxPop``.
    public var judgement: String

    /// The verdict for a percentage.
    public init(maxPop: Int) {
        self.maxPop = maxPop
        if maxPop <= 30 {
            judgement = UmbrellaRule.dryJudgement
        } else if maxPop >= 70 {
            judgement = UmbrellaRule.wetJudgement
        } else {
            judgement = UmbrellaRule.unsureJudgement
        }
    }

    /// The `UMBRELLA_JUDGEMENT` userInfo {location, maxPop, judgement}.
    public func userInfo(location: String) -> [String: String] {
        ["location": location, "maxPop": String(maxPop), "judgement": judgement]
    }

    /// Applies the rule to a forecast `list`. A slot without `pop` counts as 0; `nil` when no
    /// slot among the first ``slotCount`` has a usable `pop`.
    public static func evaluate(list: [JSONValue]) -> UmbrellaRule? {
        evaluate(list: list, slots: slotCount)
    }

    /// Applies the rule to the first `slots` entries of `list` (One Call's `hourly`: 18 hours).
    public static func evaluate(list: [JSONValue], slots: Int) -> UmbrellaRule? {
        var best: Int?
        for slot in list.prefix(slots) {
            guard let pop = slot["pop"], let percent = percent(of: pop) else { continue }
            best = max(best ?? 0, percent)
        }
        return best.map { UmbrellaRule(maxPop: $0) }
    }

    /// A probability 0…1 as an integer percent, rounded half up from its decimal literal and
    /// clamped to 0…100. Accepts numbers and numeric strings; `nil` for anything else.
    public static func percent(of value: JSONValue) -> Int? {
        switch value {
        case .number(let literal), .string(let literal): return percent(literal: literal)
        default: return nil
        }
    }

    static func percent(literal: String) -> Int? {
        var text = Substring(literal)
        var negative = false
        if text.first == "-" {
            negative = true
            text = text.dropFirst()
        } else if text.first == "+" {
            text = text.dropFirst()
        }
        var mantissa = text
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let parsed = Int(text[text.index(after: e)...]), abs(parsed) < 1000 else { return nil }
            exponent = parsed
            mantissa = text[..<e]
        }
        var digits = ""
        var fractionDigits = 0
        var seenPoint = false
        for character in mantissa {
            if character == "." {
                if seenPoint { return nil }
                seenPoint = true
            } else if let ascii = character.asciiValue, (0x30...0x39).contains(ascii) {
                digits.append(character)
                if seenPoint { fractionDigits += 1 }
            } else {
                return nil
            }
        }
        guard !digits.isEmpty else { return nil }
        // value = digits × 10^(exponent − fractionDigits); percent = value × 100.
        let shift = exponent - fractionDigits + 2
        let bytes = Array(digits.utf8).drop { $0 == 0x30 }
        if bytes.isEmpty { return 0 }
        if negative { return 0 }
        var integerDigits: [UInt8]
        var roundUp = false
        if shift >= 0 {
            integerDigits = Array(bytes) + Array(repeating: 0x30, count: min(shift, 8))
        } else {
            let dropped = -shift
            if dropped > bytes.count {
                return 0
            }
            integerDigits = Array(bytes.prefix(bytes.count - dropped))
            roundUp = bytes[bytes.startIndex + bytes.count - dropped] >= 0x35
        }
        if integerDigits.count > 6 { return 100 }
        var value = integerDigits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        if roundUp { value += 1 }
        return min(value, 100)
    }
}
