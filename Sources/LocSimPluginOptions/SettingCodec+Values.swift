import LocSimCanonicalJSON

extension SettingCodec where Value == Double {
    /// Whether 0 is allowed.
    public enum Bound: Sendable { case nonNegative, positive }

    /// A finite number of `unit` (`seconds`, `metres`), ≥ 0 or > 0.
    public static func number(_ bound: Bound, unit: String, cliUnit: String) -> SettingCodec<Double> {
        let accepts: @Sendable (Double) -> Bool = { $0.isFinite && (bound == .positive ? $0 > 0 : $0 >= 0) }
        return SettingCodec(
            expected: bound == .positive ? "a \(cliUnit) > 0" : "\(cliUnit) ≥ 0",
            parse: { Double($0).flatMap { accepts($0) ? $0 : nil } },
            read: { json, path in
                if case .number(let literal) = json, let number = Double(literal), accepts(number) {
                    return .success(number)
                }
                let requirement = bound == .positive ? "a positive number of" : "a number (0 or more) of"
                return .failure(SettingProblem("'\(path)' must be \(requirement) \(unit), got \(describe(json))"))
            },
            write: { .double($0) }, text: { numberText($0) })
    }
}

extension SettingCodec where Value == Double {
    /// A number of seconds in `range` (`--http-timeout` and `http.timeout` alike:
    /// ``httpTimeout``).
    public static func seconds(in range: ClosedRange<Double>) -> SettingCodec<Double> {
        let accepts: @Sendable (Double) -> Bool = { $0.isFinite && range.contains($0) }
        let bounds = "from \(numberText(range.lowerBound)) to \(numberText(range.upperBound))"
        return SettingCodec(
            expected: "a number of seconds \(bounds)",
            parse: { Double($0).flatMap { accepts($0) ? $0 : nil } },
            read: { json, path in
                if case .number(let literal) = json, let number = Double(literal), accepts(number) {
                    return .success(number)
                }
                return .failure(
                    SettingProblem("'\(path)' must be a number of seconds \(bounds), got \(describe(json))"))
            },
            write: { .double($0) }, text: { numberText($0) })
    }

    /// The deadline of one live request, `--http-timeout` on the command line and `http.timeout`
    /// in `scenario.json`: 0.001 to 86400 seconds, checked by this one codec.
    public static var httpTimeout: SettingCodec<Double> { seconds(in: 0.001...86_400) }
}

extension SettingCodec where Value == Double {
    /// `--interval`: 0, or a finite number of seconds from `minimum` on.
    public static func interval(minimum: Double) -> SettingCodec<Double> {
        let accepts: @Sendable (Double) -> Bool = { $0.isFinite && ($0 == 0 || $0 >= minimum) }
        let bound = numberText(minimum)
        return SettingCodec(
            expected: "0 or a number of seconds ≥ \(bound)",
            parse: { Double($0).flatMap { accepts($0) ? $0 : nil } },
            read: { json, path in
                if case .number(let literal) = json, let number = Double(literal), accepts(number) {
                    return .success(number)
                }
                return .failure(
                    SettingProblem("'\(path)' must be 0 or a number of seconds ≥ \(bound), got \(describe(json))"))
            },
            write: { .double($0) }, text: { numberText($0) })
    }
}

extension SettingCodec where Value == Int {
    /// A whole number from `minimum` to `maximum`.
    public static func integer(minimum: Int, maximum: Int = .max, expected: String) -> SettingCodec<Int> {
        SettingCodec(
            expected: expected, parse: { Int($0).flatMap { (minimum...maximum).contains($0) ? $0 : nil } },
            read: { json, path in
                if let integer = wholeNumber(json), (minimum...maximum).contains(integer) { return .success(integer) }
                let range = maximum == .max ? "of at least \(minimum)" : "from \(minimum) to \(maximum)"
                return .failure(
                    SettingProblem("'\(path)' must be a whole number \(range), got \(describe(json))"))
            },
            write: { .int($0) }, text: { String($0) })
    }

    static func wholeNumber(_ value: JSONValue) -> Int? {
        guard case .number(let literal) = value else { return nil }
        if let integer = Int(literal) { return integer }
        if let double = Double(literal), double == double.rounded(), abs(double) < 0x1p53 { return Int(double) }
        return nil
    }
}

extension SettingCodec where Value == UInt64 {
    /// `seed`: a whole number from 0 to `UInt64.max`.
    public static let seed = SettingCodec<UInt64>(
        expected: "a non-negative integer", parse: { UInt64($0) },
        read: { json, path in
            if case .number(let literal) = json {
                if let seed = UInt64(literal) { return .success(seed) }
                if let double = Double(literal), double >= 0, double == double.rounded(), double < 0x1p53 {
                    return .success(UInt64(double))
                }
            }
            return .failure(
                SettingProblem("'\(path)' must be a whole number from 0 to \(UInt64.max), got \(describe(json))"))
        },
        write: { .number(String($0)) }, text: { String($0) })
}

extension SettingCodec where Value == Bool {
    /// `true`/`false` in a scenario; on the command line a flag (see ``ReplaySettingSpec``).
    public static let bool = SettingCodec<Bool>(
        expected: "true or false", parse: { ["true": true, "false": false][$0] },
        read: { json, path in
            if case .bool(let flag) = json { return .success(flag) }
            return .failure(SettingProblem("'\(path)' must be true or false, got \(describe(json))"))
        },
        write: { .bool($0) }, text: { $0 ? "true" : "false" })
}

extension SettingCodec where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// One of the type's raw values.
    public static func choice(expected: String) -> SettingCodec<Value> {
        named(
            expected: expected, names: Value.allCases.map(\.rawValue), parse: { Value(rawValue: $0) }, text: \.rawValue)
    }
}

extension SettingCodec {
    /// One of `names`, as a string in both places.
    public static func named(
        expected: String, names: [String], parse: @escaping @Sendable (String) -> Value?,
        text: @escaping @Sendable (Value) -> String
    ) -> SettingCodec<Value> {
        SettingCodec(
            expected: expected, parse: parse,
            read: { json, path in
                if case .string(let name) = json, let value = parse(name) { return .success(value) }
                let given: String? = if case .string(let name) = json { name } else { nil }
                return .failure(
                    SettingProblem(
                        "'\(path)' must be one of \(quoted(names)), got \(describe(json))", given: given,
                        candidates: names))
            },
            write: { .string(text($0)) }, text: text)
    }

    /// A value that is `nil` unless set: the codec of the wrapped value.
    public var optional: SettingCodec<Value?> {
        let base = self
        return SettingCodec<Value?>(
            expected: base.expected, parse: { base.parse($0).map { .some($0) } },
            // `null` is the default (what ``write`` gives for `nil`), so a written file reads back.
            read: { json, path in json == .null ? .success(nil) : base.read(json, path).map { .some($0) } },
            write: { $0.map(base.write) ?? .null }, text: { $0.map(base.text) ?? "" })
    }
}
