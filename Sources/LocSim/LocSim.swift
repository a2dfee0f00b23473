// `import LocSim` gives a test target the whole public API of the `LocSim` product in one line:
// settings, the app's seams (providers, services, geocoders), the HTTP seam and cassettes, GPX
// and the safe XML reader, the replay pipeline and scenarios, `SimulatedDevice` for the user's
// location code, and the shared helpers. The server, maps and exports are other products
// (`LocSimServe`, `LocSimMap`, `LocSimExport`), so a test target that runs scenarios links none
// of them. libxml2 (`LibXML2Shim`) is not re-exported.
@_exported public import AppServices
@_exported public import CanonicalJSON
@_exported public import Device
@_exported public import GPX
@_exported public import Geocoding
@_exported public import HTTPRecording
@_exported public import LocSimSettings
@_exported public import LocSimSupport
@_exported public import LocationCore
@_exported public import Push
@_exported public import Replay
@_exported public import SafeXML
@_exported public import ScenarioHarness
@_exported public import ScenarioReplay
@_exported public import SettingsTable
@_exported public import Simulation
@_exported public import Weather
