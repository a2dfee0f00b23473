public import LocSimPluginOptions

extension XweatherProvider {
    /// `--xweather-query` / `xweather.query`: the `/alerts` action (default `place`).
    public static let queryOption = PluginOption(
        flag: "--xweather-query", key: "xweather.query", valueName: "action",
        help: "Xweather /alerts by the geocoded place or by the closest point.",
        codec: SettingCodec<XweatherQuery>.choice(expected: "place or closest"), default: XweatherQuery.place,
        choices: XweatherQuery.allCases.map(\.rawValue))

    public var options: [PluginOption] { [Self.queryOption] }

    /// This provider asking the run's `--xweather-query` action (default `place`).
    public func configured(with options: PluginOptionValues) -> XweatherProvider {
        XweatherProvider(query: XweatherQuery(rawValue: options.text(of: Self.queryOption)) ?? .place)
    }
}
