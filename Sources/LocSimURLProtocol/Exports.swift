// `import LocSimURLProtocol` is the only import a test needs (docs/recordings.md): the core
// (the one-liner, `withCassette`, `LocSimCassetteSession`) and the types its recipes and
// signatures name, re-exported one by one: secrets, matching and position rules (with the
// built-in providers' endpoints, `EndpointDeclaration.nws` …), record modes, errors and the
// advanced initializer's options, and `EndpointKey` (an `EndpointDeclaration`'s `key:`). Nothing
// else of HTTPRecording or SettingsTable.
@_exported import LocSimURLProtocolCore
@_exported import struct HTTPRecording.CassetteError
@_exported import struct HTTPRecording.EndpointDeclaration
@_exported import struct HTTPRecording.MatchingRules
@_exported import enum HTTPRecording.PositionField
@_exported import struct HTTPRecording.PositionRule
@_exported import enum HTTPRecording.RecordMode
@_exported import enum HTTPRecording.RecordingError
@_exported import struct HTTPRecording.RecordingOptions
@_exported import struct HTTPRecording.RecordingSummary
@_exported import struct HTTPRecording.SecretDeclaration
@_exported import struct SettingsTable.EndpointKey
