// `import LocSim` gives a test target the whole public API of the `LocSim` product in one line:
// settings, the app's seams (providers, services, geocoders), the HTTP seam and cassettes, GPX
// and the safe XML reader, the replay pipeline and scenarios, `SimulatedDevice` for the user's
// location code, and the shared helpers. The server, maps and exports are other products
// (`LocSimServe`, `LocSimMap`, `LocSimExport`), so a test target that runs scenarios links none
// of them. libxml2 (`LocSimLibXML2`) is not re-exported.
@_exported public import LocSimAppServices
@_exported public import LocSimCanonicalJSON
@_exported public import LocSimDevice
@_exported public import LocSimGPX
@_exported public import LocSimGeocoding
@_exported public import LocSimHTTPRecording
@_exported public import LocSimLocationCore
@_exported public import LocSimPush
@_exported public import LocSimReplay
@_exported public import LocSimSafeXML
@_exported public import LocSimScenarioHarness
@_exported public import LocSimScenarioReplay
@_exported public import LocSimSettings
@_exported public import LocSimSettingsTable
@_exported public import LocSimSimulation
@_exported public import LocSimSupport
@_exported public import LocSimWeather
