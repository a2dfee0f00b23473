import LocSimCanonicalJSON
public import LocSimPluginOptions

extension ReplaySettingSpec {
    /// The setting a plug-in's `option` is: stored in ``ReplaySettings/pluginOptions`` under its key.
    public init(_ option: PluginOption) {
        self.init(
            \.pluginOptions[option.key, default: option.defaultValue],
            .option(option.flag, valueName: option.valueName),
            key: option.key, codec: option.codec, help: option.help, choices: option.choices)
    }
}
