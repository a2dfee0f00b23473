// swift-tools-version:6.0
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// On Linux the `locsim` executable carries the Swift runtime and Foundation statically (as
/// `swift build --static-swift-stdlib` would, but for every build, `swift run` included): only
/// the code it uses is mapped, which takes ~6 MiB off every process's resident memory (DESIGN
/// §10: a replay stays under 32 MiB). The Swift libraries are listed in a group because modules
/// compiled against the shared Foundation do not name the static one's own dependencies (the
/// static Foundation uses `Mutex`, so Synchronization is among them although locsim does not).
/// libcurl, which FoundationNetworking calls, is not linked: `LazyCurl` loads it on the first
/// HTTP request (its headers come from `libcurl4-openssl-dev`).
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + [
                "_CFURLSessionInterface", "Foundation", "FoundationEssentials", "FoundationInternationalization",
                "CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections",
                "swiftSynchronization",
            ].flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group"],
        .when(platforms: [.linux])
    )
]

let package = Package(
    name: "locsim",
    // What the library products support (an app's test target inherits the app's deployment target).
    // Nothing newer is used: see docs/platforms.md. The Linux-only settings (static runtime,
    // LazyCurl) are on the executable alone.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "locsim", targets: ["locsim"]),
        // For test targets: scenario runs and replays (`import LocSim`), without a server, maps or exports.
        .library(name: "LocSim", targets: ["LocSim"]),
        // `locsim serve` as a library: recorded providers over HTTP/1.1 for an app in another process.
        .library(name: "LocSimServe", targets: ["Serve"]),
        // SVG maps of a replay.
        .library(name: "LocSimMap", targets: ["MapRender"]),
        // Export formats for other tools (Xcode GPX, simctl, APNs files, GeoJSON, Android).
        .library(name: "LocSimExport", targets: ["Export"]),
        // For test targets: a loopback HTTP server, a scripted HTTP client, gzip bodies, concurrency probes.
        .library(name: "LocSimTesting", targets: ["LocSimTesting"]),
        // For test targets: a scenario as one assertion (`ScenarioAssertion.assert`), in Swift
        // Testing and XCTest alike. Links the replay pipeline, not Serve, MapRender or Export.
        .library(name: "LocSimScenarioTesting", targets: ["LocSimScenarioTesting"]),
        // For test targets: your own URLSession code answered by locsim's HTTP clients and cassettes.
        .library(name: "LocSimURLProtocol", targets: ["LocSimURLProtocol"]),
        // A `locsim` of your own: the whole command line over a `ReplayApp` with your plug-ins
        // registered (`LocSim.main(arguments:app:)`).
        .library(name: "LocSimCommandLine", targets: ["LocSimCLI"]),
    ],
    targets: [
        // libxml2 on Linux, behind one module map (found through pkg-config). Apple platforms use the
        // SDK's own `libxml2` module instead: see `LibXML2Shim`.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The platform's libxml2 in one import (`CLibXML2` on Linux, the SDK's `libxml2` on Apple
        // platforms), with the helpers Swift cannot write alone. `SafeXML` owns the parser and its
        // safe settings; `GPX` imports it only for the SAX2 callback types of its streaming reader.
        .target(
            name: "LibXML2Shim",
            dependencies: [.target(name: "CLibXML2", condition: .when(platforms: [.linux])), "CLibXML2Helpers"],
            swiftSettings: upcoming,
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS]))]
        ),
        // libxml2's generic error handler is variadic, which Swift cannot define: a no-op one in C.
        .target(name: "CLibXML2Helpers"),
        // One helper per concept used across modules: the libc shim, atomic file writes, "did you
        // mean", ISO-8601 timestamps, XML escaping, percent-encoding, list text. Stdlib and libc only.
        .target(name: "LocSimSupport", swiftSettings: upcoming),
        // The generic settings machinery, no vocabulary of its own: open names (`ProviderName`,
        // `EndpointKey`, `GeocoderName`), value codecs (`SettingCodec`, `SettingProblem`), plug-in
        // options (`PluginOption`, `PluginOptionValues`) and what the table learns of an app's
        // plug-ins (`PluginCatalog`).
        .target(name: "SettingsTable", dependencies: ["CanonicalJSON", "LocSimSupport"], swiftSettings: upcoming),
        // JSON values with verbatim numbers and canonical (sorted-key) output: transcripts, cassettes.
        .target(name: "CanonicalJSON", swiftSettings: upcoming),
        // Geodesy, locations, accuracy model, filters, the engine state machine. Stdlib only.
        .target(name: "LocationCore", dependencies: ["LocSimSupport"], swiftSettings: upcoming),
        // libxml2 with the package's safe settings (no network, no entity expansion): the push parser
        // every XML parse goes through, and a small capped element tree for provider responses.
        .target(name: "SafeXML", dependencies: ["LibXML2Shim", "LocSimSupport"], swiftSettings: upcoming),
        // Streaming GPX reader on libxml2's SAX2 interface, through SafeXML's safe push parser:
        // dialects, validation, diagnostics, timestamps.
        .target(
            name: "GPX",
            dependencies: [
                "LibXML2Shim", "SafeXML", "LocationCore", "CanonicalJSON", "LocSimSupport",
            ],
            swiftSettings: upcoming),
        // Virtual clock, playback, notification bus, the transcript (written and parsed).
        .target(
            name: "Simulation", dependencies: ["LocationCore", "CanonicalJSON", "LocSimSupport"],
            swiftSettings: upcoming),
        // HTTP seam: cassettes, recorder, replayer, redaction, HAR, the endpoint and secret
        // declarations services make (`ServiceDeclaring`), and the HTTP/1.1 wire format both servers
        // speak (`HTTPWire`); the live client runs on libcurl's easy interface (CurlEasy) on Linux,
        // on URLSession on Apple platforms.
        .target(
            name: "HTTPRecording",
            dependencies: [
                "CanonicalJSON", "SettingsTable", "LocSimSupport",
                .target(name: "CurlEasy", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: upcoming
        ),
        // One blocking HTTP exchange over libcurl's easy interface, libcurl loaded on first use.
        .target(name: "CurlEasy", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The app side's seams: services on the bus, the async bridge onto the virtual clock, provider failures.
        .target(
            name: "AppServices",
            dependencies: ["SettingsTable", "Simulation", "HTTPRecording", "LocSimSupport"],
            swiftSettings: upcoming),
        // Placemarks, the offline gazetteer, Apple's throttle model, Nominatim.
        .target(
            name: "Geocoding",
            dependencies: [
                "SettingsTable", "LocationCore", "HTTPRecording", "CanonicalJSON", "LocSimSupport",
            ],
            resources: [.copy("Resources/gazetteer.bin")],
            swiftSettings: upcoming
        ),
        // Weather providers (one file each), advisory selection, the weather service on the bus.
        .target(
            name: "Weather",
            dependencies: [
                "SettingsTable", "AppServices", "CanonicalJSON", "Simulation", "HTTPRecording", "SafeXML",
                "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        // The replay's settings: `ReplaySettings` and the one table of flags and keys
        // (`ReplaySettingSpec`) that `locsim replay`, the `scenario.json` reader and its writer are
        // generated from, built from the owners' vocabulary (engine, playback, GPX, geocoder and
        // weather types live in their modules) and the app's plug-ins.
        .target(
            name: "LocSimSettings",
            dependencies: [
                "CanonicalJSON", "LocSimSupport", "SettingsTable", "LocationCore", "Simulation", "GPX", "Geocoding",
                "Weather",
            ],
            swiftSettings: upcoming),
        // The push controller: alert text, Parse `data`, APNs payload, optional Parse REST POST.
        .target(
            name: "Push",
            dependencies: [
                "SettingsTable", "AppServices", "CanonicalJSON", "Simulation", "HTTPRecording", "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        // The whole pipeline of one replay: GPX → playback → engine → geocoder → bus → services.
        .target(
            name: "Replay",
            dependencies: [
                "LocSimSupport",
                "LocSimSettings", "SettingsTable", "AppServices", "CanonicalJSON", "LocationCore", "GPX", "Simulation",
                "HTTPRecording", "Geocoding", "Weather", "Push",
            ],
            swiftSettings: upcoming
        ),
        // The scenario model (`scenario.json`), the catalog, the `locsim test` runner, diffs, JUnit and
        // GitHub reports. The replay pipeline is a seam (`ScenarioExecutor`), not a dependency.
        .target(
            name: "ScenarioHarness",
            dependencies: ["LocSimSupport", "LocSimSettings", "SettingsTable", "CanonicalJSON", "Simulation"],
            swiftSettings: upcoming),
        // The scenario executor (replay pipeline, strictly from the scenario's cassette), scenario.json →
        // replay settings shared with the CLI, the one-call check (`ScenarioCheck`), and live recording.
        .target(
            name: "ScenarioReplay",
            dependencies: [
                "LocSimSettings", "SettingsTable", "ScenarioHarness", "Replay", "Geocoding", "HTTPRecording", "Weather",
                "Simulation",
                "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        // `locsim serve`: recorded providers over HTTP/1.1 on plain sockets, for an app in another process.
        // It routes and redacts by an app's endpoint and secret declarations; no replay pipeline.
        .target(
            name: "Serve",
            dependencies: [
                "LocSimSupport", "SettingsTable", "CanonicalJSON", "HTTPRecording",
                .target(name: "CEpoll", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: upcoming),
        // Linux's epoll and eventfd behind one module map: the event loops of `locsim serve`.
        .systemLibrary(name: "CEpoll"),
        // SVG maps of a replay: Web Mercator, circles to scale, labels, legend. No network.
        .target(
            name: "MapRender", dependencies: ["LocSimSupport", "LocationCore", "CanonicalJSON", "Simulation"],
            resources: [.copy("Resources/context-lines.bin")], swiftSettings: upcoming),
        // Export formats for other tools (Xcode, simctl, APNs files, GeoJSON, Android): pure, by name.
        .target(
            name: "Export", dependencies: ["LocationCore", "Simulation", "CanonicalJSON", "LocSimSupport"],
            swiftSettings: upcoming),
        // Argument parsing, help, commands. The only library code that writes to stdout or paces a
        // replay against the real clock.
        .target(
            name: "LocSimCLI",
            dependencies: [
                "LocSimSupport", "LocSimBench", "LocSimSettings", "SettingsTable", "CanonicalJSON", "LocationCore",
                "GPX",
                "Simulation", "HTTPRecording", "Geocoding", "Weather", "Push", "Replay", "ScenarioHarness", "MapRender",
                "ScenarioReplay", "Export", "Serve",
            ],
            swiftSettings: upcoming
        ),
        // What `locsim bench` measures (GPX parse against a bare libxml2 loop, the engine, the
        // gazetteer): used by the CLI only, in no library product.
        .target(
            name: "LocSimBench",
            dependencies: [
                "LibXML2Shim", "SafeXML", "GPX", "Geocoding", "LocationCore", "LocSimSupport", "HTTPRecording",
                "LocSimURLProtocol",
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "locsim",
            dependencies: ["LocSimCLI", .target(name: "LazyCurl", condition: .when(platforms: [.linux]))],
            swiftSettings: upcoming, linkerSettings: staticSwiftRuntime
        ),
        // `SimulatedDevice`: the user's own location code fed CoreLocation-shaped updates, a monitor,
        // a throttled geocoder and a NotificationCenter on one virtual clock.
        .target(
            name: "Device",
            dependencies: [
                "LocSimSettings", "LocSimSupport", "LocationCore", "GPX", "Geocoding", "Simulation", "Replay",
            ],
            swiftSettings: upcoming),
        // `import LocSim`: the public API of every module of the `LocSim` product in one import.
        .target(
            name: "LocSim",
            dependencies: [
                "AppServices", "CanonicalJSON", "GPX", "Geocoding", "HTTPRecording", "ScenarioHarness",
                "LocSimSettings", "LocSimSupport", "LocationCore", "Push", "Replay", "SafeXML", "ScenarioReplay",
                "SettingsTable",
                "Simulation", "Weather", "Device",
            ],
            swiftSettings: upcoming),
        // URLSessions answered by a locsim HTTP client (cassettes), through a URLProtocol per session.
        .target(name: "LocSimURLProtocol", dependencies: ["HTTPRecording", "LocSimSupport"], swiftSettings: upcoming),
        // `ScenarioAssertion.assert`: a scenario run and compared inside a user's test, failing it
        // through Swift Testing or XCTest (the only module here that imports them).
        .target(
            name: "LocSimScenarioTesting",
            dependencies: ["ScenarioReplay", "ScenarioHarness", "Replay", "Geocoding", "Simulation"],
            swiftSettings: upcoming),
        // The one-liner in a process of its own, for LocSimURLProtocolTests (crash regression,
        // read-only cassette folder, two processes recording at once) and
        // scripts/bench-parallel-recording: no product, used by tests and that script only.
        .executableTarget(
            name: "URLSessionProbe", dependencies: ["LocSimURLProtocol", "HTTPRecording", "LocSimTesting"],
            swiftSettings: upcoming),
        // libcurl's functions as forwarders that load libcurl on first use (see its header).
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Test support: a loopback HTTP server on plain sockets, a scripted in-memory HTTP client,
        // gzip bodies without zlib, and probes that show calls overlap (`Gathering`,
        // `OneThreadExecutor`). Used by tests only.
        .target(name: "LocSimTesting", dependencies: ["HTTPRecording", "LocSimSupport"], swiftSettings: upcoming),

        .testTarget(name: "LocSimSupportTests", dependencies: ["LocSimSupport"], swiftSettings: upcoming),
        .testTarget(name: "LocSimBenchTests", dependencies: ["LocSimBench", "GPX"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimURLProtocolTests",
            dependencies: ["LocSimURLProtocol", "HTTPRecording", "LocSimTesting"],
            swiftSettings: upcoming),
        .testTarget(name: "SafeXMLTests", dependencies: ["SafeXML"], swiftSettings: upcoming),
        .testTarget(name: "CanonicalJSONTests", dependencies: ["CanonicalJSON"], swiftSettings: upcoming),
        .testTarget(
            name: "LocationCoreTests", dependencies: ["LocationCore"], swiftSettings: upcoming),
        .testTarget(
            name: "SimulationTests", dependencies: ["Simulation", "CanonicalJSON", "LocationCore", "LocSimSupport"],
            swiftSettings: upcoming),
        .testTarget(
            name: "HTTPRecordingTests",
            dependencies: ["LocSimSupport", "HTTPRecording", "LocSimTesting", "CanonicalJSON", "SettingsTable"],
            exclude: ["HAR/Fixtures"], swiftSettings: upcoming
        ),
        .testTarget(
            name: "GPXTests",
            dependencies: ["SafeXML", "LocSimSupport", "GPX", "LocationCore", "CanonicalJSON"],
            resources: [.copy("Corpus")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "GeocodingTests", dependencies: ["Geocoding", "LocationCore"],
            swiftSettings: upcoming),
        .testTarget(
            name: "WeatherTests",
            dependencies: [
                "Weather", "Geocoding", "LocationCore", "CanonicalJSON", "Simulation", "HTTPRecording", "LocSimTesting",
                "LocSimSettings", "SettingsTable", "AppServices", "LocSimSupport",
            ],
            resources: [.copy("Cassettes")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "PushTests",
            dependencies: [
                "Push", "Weather", "CanonicalJSON", "Simulation", "HTTPRecording", "LocSimTesting", "SettingsTable",
                "AppServices", "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "ScenarioHarnessTests",
            dependencies: [
                "ScenarioHarness", "CanonicalJSON", "Simulation", "LocSimSettings", "SettingsTable", "GPX", "Geocoding",
                "LocationCore", "Weather",
            ],
            swiftSettings: upcoming),
        .testTarget(
            name: "MapRenderTests", dependencies: ["MapRender", "LocationCore", "Simulation"],
            resources: [.copy("Golden")], swiftSettings: upcoming),
        .testTarget(
            name: "ReplayTests",
            dependencies: [
                "LocSimSupport",
                "Replay", "GPX", "LocationCore", "Simulation", "Geocoding", "HTTPRecording", "CanonicalJSON", "Weather",
                "LocSimSettings", "SettingsTable", "AppServices",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimCLITests",
            dependencies: [
                "LocSimSupport", "LocSimCLI", "LocationCore", "CanonicalJSON", "LocSimTesting", "HTTPRecording",
                "LocSimSettings", "Simulation", "Replay", "Weather",
            ],
            // Golden transcripts, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "Serve", "LocSimCLI", "LocSimTesting", "HTTPRecording", "Replay", "LocSimSupport", "Push",
                "AppServices", "SettingsTable",
            ],
            // Golden files, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "ExportTests",
            dependencies: ["Export", "LocSimCLI", "LocationCore", "Simulation", "CanonicalJSON", "LocSimSupport"],
            // Golden exports, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "DeviceTests",
            dependencies: [
                "Device", "Replay", "Geocoding", "LocationCore", "LocSimSettings", "LocSimSupport", "Simulation",
                "AppServices",
                "HTTPRecording",
            ],
            swiftSettings: upcoming),
        .testTarget(
            name: "ScenarioReplayTests",
            dependencies: [
                "ScenarioReplay", "ScenarioHarness", "LocSimCLI", "LocSimTesting", "HTTPRecording", "Replay", "Weather",
                "Geocoding",
                "LocationCore", "GPX", "Simulation", "CanonicalJSON", "LocSimSettings", "SettingsTable",
                "LocSimSupport",
                "LocSimScenarioTesting", "Push", "AppServices",
            ],
            // Help and white-noise goldens, read through #filePath, not bundled.
            exclude: ["Golden", "WhiteNoiseGoldens"], resources: [.copy("ProviderBodies")],
            swiftSettings: upcoming
        ),
    ]
)
