import LocSimCanonicalJSON
public import LocSimHTTPRecording
public import LocSimPluginOptions
public import LocSimSupport

extension SettingCodec where Value == [ProviderName] {
    /// A comma list of provider names (`aeris,nws`) or `none`; in a scenario an array of names
    /// (`["none"]` alone for none). Whether a name is registered is checked by the run's registry.
    public static let providers = SettingCodec<[ProviderName]>(
        expected: "a comma list of provider names, or none",
        parse: { text in
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
            if items == ["none"] { return [] }
            guard !items.contains("none") else { return nil }
            let names = items.compactMap(ProviderName.init(rawValue:))
            // A repeated name is the registry's to report ("listed twice"), at configuration time.
            return names.count == items.count ? names : nil
        },
        read: { json, path in
            guard case .array(let elements) = json else {
                return .failure(SettingProblem("'\(path)' must be an array of provider names, got \(describe(json))"))
            }
            if elements == [.string("none")] { return .success([]) }
            var names: [ProviderName] = []
            for (index, element) in elements.enumerated() {
                let item = "\(path)[\(index)]"
                guard case .string(let text) = element, text != "none" else {
                    let problem =
                        element == .string("none")
                        ? "'\(path)' lists \"none\" together with other providers"
                        : "'\(item)' must be a provider name, got \(describe(element))"
                    return .failure(SettingProblem(problem))
                }
                guard let name = ProviderName(rawValue: text) else {
                    return .failure(
                        SettingProblem(
                            "'\(item)' must be a provider name (lowercase letters, digits, '-'), got \(describe(element))"
                        ))
                }
                if names.contains(name) { return .failure(SettingProblem("'\(item)' repeats \"\(text)\"")) }
                names.append(name)
            }
            return .success(names)
        },
        write: { names in .array(names.isEmpty ? [.string("none")] : names.map { .string($0.rawValue) }) },
        text: { names in names.isEmpty ? "none" : names.map(\.rawValue).joined(separator: ",") })
}

extension SettingCodec where Value == [EndpointKey: String] {
    /// `KEY=URL` on the command line (repeatable; a later one wins); an object in a scenario.
    /// Keys and URLs are checked against the run's endpoints.
    public static let baseURLs = SettingCodec<[EndpointKey: String]>(
        expected: "KEY=URL",
        parse: { argument in
            guard let equals = argument.firstIndex(of: "=") else { return nil }
            let key = String(argument[..<equals]).trimmingBlanks()
            let url = String(argument[argument.index(after: equals)...]).trimmingBlanks()
            guard let endpoint = EndpointKey(rawValue: key) else { return nil }
            return [endpoint: url]
        },
        read: { json, path in
            guard case .object(let members) = json else {
                return .failure(SettingProblem("'\(path)' must be an object, got \(describe(json))"))
            }
            var urls: [EndpointKey: String] = [:]
            for (key, value) in members.sorted(by: { $0.key < $1.key }) {
                guard let endpoint = EndpointKey(rawValue: key) else {
                    return .failure(SettingProblem("unknown key '\(path).\(key)'"))
                }
                guard case .string(let url) = value, url.hasPrefix("http://") || url.hasPrefix("https://"),
                    url.count > url.prefix(while: { $0 != "/" }).count + 2, !url.contains(" ")
                else {
                    return .failure(
                        SettingProblem(
                            "'\(path).\(key)' must be an http:// or https:// URL with a host, got \(describe(value))"))
                }
                urls[endpoint] = url
            }
            return .success(urls)
        },
        write: { urls in .object(Dictionary(uniqueKeysWithValues: urls.map { ($0.key.rawValue, .string($0.value)) })) },
        text: { urls in urls.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") })
}

extension SettingCodec where Value == GeocoderName {
    /// A geocoder's name: any well-formed name (the run's registry resolves it, with "Did you mean").
    public static let geocoderName = SettingCodec<GeocoderName>(
        expected: "a geocoder name",
        parse: { GeocoderName(rawValue: $0) },
        read: { json, path in
            if case .string(let text) = json, let name = GeocoderName(rawValue: text) { return .success(name) }
            return .failure(
                SettingProblem(
                    "'\(path)' must be a geocoder name (lowercase letters, digits, '-'), got \(describe(json))"))
        },
        write: { .string($0.rawValue) }, text: { $0.rawValue })
}
