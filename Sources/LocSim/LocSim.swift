// `import LocSim` gives a test target the whole public API of the `LocSim` product in one line:
// settings, the app's seams (providers, services, geocoders), the HTTP seam, cassettes and the
// live client, GPX, the replay pipeline and scenarios, and `SimulatedDevice` for the user's
// location code. The server, maps and exports are other products (`LocSimServe`, `LocSimMap`,
// `LocSimExport`), so a test target that runs scenarios links none of them. The package's helpers (`LocSimSupport`,
// `LocSimSafeXML`, `LocSimCanonicalJSON`, libxml2) are not re-exported: only the types the
// product's own public signatures carry are, one by one.
@_exported public import LocSimAppServices
@_exported public import LocSimDevice
@_exported public import LocSimGPX
@_exported public import LocSimGeocoding
@_exported public import LocSimHTTPRecording
@_exported public import LocSimLiveHTTP
@_exported public import LocSimLocationCore
@_exported public import LocSimPluginOptions
@_exported public import LocSimPush
@_exported public import LocSimReplay
@_exported public import LocSimScenarioHarness
@_exported public import LocSimScenarioReplay
@_exported public import LocSimSettings
@_exported public import LocSimSimulation
@_exported public import LocSimWeather

// Re-exported alone, as the product's public signatures carry them: a transcript entry's `json`,
// a plug-in option's value, a push's `data` and a cassette's bodies are `JSONValue`s
// (`JSONValue.parse` throws `JSONParseError`); `ReplayError`, `SimulatedDeviceError` and the other
// `…Error` aliases are `OperationError`s; `HarnessError.cannotWrite` carries an `AtomicWriteError`;
// `ProviderName`, `GeocoderName` and `EndpointKey` are `OpenName`s (`OpenNameKind`, `OpenNameError`).
@_exported import struct LocSimCanonicalJSON.JSONParseError
@_exported import enum LocSimCanonicalJSON.JSONValue
@_exported import struct LocSimSupport.AtomicWriteError
@_exported import struct LocSimSupport.OpenName
@_exported import struct LocSimSupport.OpenNameError
@_exported import protocol LocSimSupport.OpenNameKind
@_exported import struct LocSimSupport.OperationError
