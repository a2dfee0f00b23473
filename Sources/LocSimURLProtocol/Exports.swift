// `import LocSimURLProtocol` is the only import a test needs (docs/recordings.md): the
// URLSession face (the one-liner `URLSession.cassette` and the trait here; `withCassette`,
// `replaying`, `LocSimCassetteSession`) and the types its recipes and signatures name,
// re-exported one by one: secrets, matching and position rules (with the built-in providers'
// endpoints, `EndpointDeclaration.nws` …), record modes, errors and the advanced initializer's
// options, `EndpointKey` (an `EndpointDeclaration`'s `key:`), and the HTTP seam
// `withSession(answering:)` and `configuration(answering:)` take (`HTTPClient`, `HTTPRequest`,
// `HTTPResponse`, `HTTPClientError`). Nothing else of LocSimHTTPRecording.

@_exported import struct LocSimHTTPRecording.CassetteError
@_exported import struct LocSimHTTPRecording.EndpointDeclaration
@_exported import typealias LocSimHTTPRecording.EndpointKey
@_exported import protocol LocSimHTTPRecording.HTTPClient
@_exported import enum LocSimHTTPRecording.HTTPClientError
@_exported import struct LocSimHTTPRecording.HTTPRequest
@_exported import struct LocSimHTTPRecording.HTTPResponse
@_exported import class LocSimHTTPRecording.LocSimCassetteSession
@_exported import enum LocSimHTTPRecording.LocSimURLSession
@_exported import struct LocSimHTTPRecording.MatchingRules
@_exported import enum LocSimHTTPRecording.PositionField
@_exported import struct LocSimHTTPRecording.PositionRule
@_exported import enum LocSimHTTPRecording.RecordMode
@_exported import enum LocSimHTTPRecording.RecordingError
@_exported import struct LocSimHTTPRecording.RecordingOptions
@_exported import struct LocSimHTTPRecording.RecordingSummary
@_exported import struct LocSimHTTPRecording.SecretDeclaration
