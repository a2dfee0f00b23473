// `import LocSim` gives a library user the whole public API in one line: settings, the app's
// seams (providers, services, geocoders), the HTTP seam and cassettes, the replay pipeline and
// scenarios, the `locsim serve` server, and `SimulatedDevice` for the user's location code.
@_exported import AppServices
@_exported import CanonicalJSON
@_exported import Device
@_exported import Geocoding
@_exported import HTTPRecording
@_exported import Harness
@_exported import LocSimSettings
@_exported import LocationCore
@_exported import Push
@_exported import Replay
@_exported import Scenarios
@_exported import Serve
@_exported import Simulation
@_exported import Weather
