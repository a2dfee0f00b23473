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
/// libcurl, which FoundationNetworking calls, is not linked: `LocSimLazyCurl` loads it on the first
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
    // LocSimLazyCurl) are on the executable alone.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "locsim", targets: ["locsim"]),
        // For test targets: scenario runs and replays (`import LocSim`), without a server, maps or exports.
        .library(name: "LocSim", targets: ["LocSim"]),
        // `locsim serve` as a library: recorded providers over HTTP/1.1 for an app in another process.
        .library(name: "LocSimServe", targets: ["LocSimServe"]),
        // SVG maps of a replay.
        .library(name: "LocSimMap", targets: ["LocSimMap"]),
        // Export formats for other tools (Xcode GPX, simctl, devicectl, APNs files, GeoJSON, Android).
        .library(name: "LocSimExport", targets: ["LocSimExport"]),
        // For test targets: a scenario as one assertion (`ScenarioAssertion.assert`), in Swift
        // Testing and XCTest alike. Links the replay pipeline, not LocSimServe, LocSimMap or LocSimExport.
        .library(name: "LocSimScenarioTesting", targets: ["LocSimScenarioTesting"]),
        // For test targets: your own URLSession code answered by locsim's HTTP clients and cassettes.
        .library(name: "LocSimURLProtocol", targets: ["LocSimURLProtocol"]),
        // A `locsim` of your own: the whole command line over a `ReplayApp` with your plug-ins
        // registered (`LocSim.main(arguments:app:)`).
        .library(name: "LocSimCommandLine", targets: ["LocSimCLI"]),
    ],
    targets: [
        // libxml2 on Linux, behind one module map (found through pkg-config). Apple platforms use the
        // SDK's own `libxml2` module instead: see `LocSimLibXML2`.
        .systemLibrary(
            name: "LocSimCLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // The platform's libxml2 in one import (`LocSimCLibXML2` on Linux, the SDK's `libxml2` on Apple
        // platforms), with the helpers Swift cannot write alone. `LocSimSafeXML` owns the parser and its
        // safe settings; `LocSimGPX` imports it only for the SAX2 callback types of its streaming reader.
        .target(
            name: "LocSimLibXML2",
            dependencies: [
                .target(name: "LocSimCLibXML2", condition: .when(platforms: [.linux])), "LocSimCLibXML2Helpers",
            ],
            swiftSettings: upcoming,
            linkerSettings: [.linkedLibrary("xml2", .when(platforms: [.macOS, .iOS, .tvOS, .watchOS, .visionOS]))]
        ),
        // libxml2's generic error handler is variadic, which Swift cannot define: a no-op one in C.
        .target(name: "LocSimCLibXML2Helpers"),
        // One helper per concept used across modules: the libc shim, atomic file writes, "did you
        // mean", ISO-8601 timestamps, XML escaping, percent-encoding, list text, and `OpenName` (the
        // generic name from an open set behind `ProviderName`, `GeocoderName` and `EndpointKey`).
        // Stdlib and libc, and Foundation in one file (the wall clock of `recordedAt`): a dependent's
        // build then makes Foundation's clang modules while `LocSimCanonicalJSON` compiles, not
        // after (docs/performance.md).
        .target(name: "LocSimSupport", swiftSettings: upcoming),
        // What a plug-in declares its options with (formerly `LocSimSettingsTable`, which held no
        // table; the table is `ReplaySettingSpec.all` in `LocSimSettings`): the plug-in
        // names (`ProviderName`, `GeocoderName`; `EndpointKey` is LocSimHTTPRecording's), value
        // codecs (`SettingCodec`, `SettingProblem`), plug-in options (`PluginOption`, `PluginOptionValues`) and what the
        // settings table learns of an app's plug-ins (`PluginCatalog`).
        .target(
            name: "LocSimPluginOptions", dependencies: ["LocSimCanonicalJSON", "LocSimSupport"], swiftSettings: upcoming
        ),
        // JSON values with verbatim numbers and canonical (sorted-key) output: transcripts, cassettes.
        .target(name: "LocSimCanonicalJSON", swiftSettings: upcoming),
        // Geodesy, locations, accuracy model, filters, the engine state machine. Stdlib only.
        .target(name: "LocSimLocationCore", dependencies: ["LocSimSupport"], swiftSettings: upcoming),
        // libxml2 with the package's safe settings (no network, no entity expansion): the push parser
        // every XML parse goes through, and a small capped element tree for provider responses.
        .target(name: "LocSimSafeXML", dependencies: ["LocSimLibXML2", "LocSimSupport"], swiftSettings: upcoming),
        // Streaming GPX reader on libxml2's SAX2 interface, through LocSimSafeXML's safe push parser:
        // dialects, validation, diagnostics, timestamps.
        .target(
            name: "LocSimGPX",
            dependencies: [
                "LocSimLibXML2", "LocSimSafeXML", "LocSimLocationCore", "LocSimCanonicalJSON", "LocSimSupport",
            ],
            swiftSettings: upcoming),
        // Virtual clock, playback, notification bus, the transcript (written and parsed).
        .target(
            name: "LocSimSimulation", dependencies: ["LocSimLocationCore", "LocSimCanonicalJSON", "LocSimSupport"],
            swiftSettings: upcoming),
        // HTTP seam: cassettes, recorder, replayer, redaction, HAR, the endpoint and secret
        // declarations services make (`ServiceDeclaring`), the HTTP/1.1 wire format both servers
        // speak (`HTTPWire`), and URLSessions answered from cassettes through a URLProtocol per
        // session (the one-liner, `withCassette`, `LocSimCassetteSession`). What goes live is passed
        // in (`LocSimLiveHTTP`, or a URLSession), so `LocSimURLProtocol` compiles no libcurl client;
        // it depends on no plug-in vocabulary either (`EndpointKey` is declared here), so a test
        // target that adds `LocSimURLProtocol` compiles four modules of locsim's.
        .target(
            name: "LocSimHTTPRecording",
            dependencies: ["LocSimCanonicalJSON", "LocSimSupport"],
            swiftSettings: upcoming
        ),
        // The live client (`LiveHTTPClient`): libcurl's easy interface (LocSimCurlEasy) on Linux,
        // URLSession on Apple platforms.
        .target(
            name: "LocSimLiveHTTP",
            dependencies: [
                "LocSimHTTPRecording", "LocSimCanonicalJSON", "LocSimSupport",
                .target(name: "LocSimCurlEasy", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: upcoming
        ),
        // One blocking HTTP exchange over libcurl's easy interface, libcurl loaded on first use.
        .target(name: "LocSimCurlEasy", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // The app side's seams: services on the bus, the async bridge onto the virtual clock, provider failures.
        .target(
            name: "LocSimAppServices",
            dependencies: ["LocSimSimulation", "LocSimHTTPRecording", "LocSimSupport"],
            swiftSettings: upcoming),
        // Placemarks, the offline gazetteer, Apple's throttle model, Nominatim.
        .target(
            name: "LocSimGeocoding",
            dependencies: [
                "LocSimPluginOptions", "LocSimLocationCore", "LocSimHTTPRecording", "LocSimCanonicalJSON",
                "LocSimSupport",
            ],
            resources: [.copy("Resources/gazetteer.bin")],
            swiftSettings: upcoming
        ),
        // Weather providers (each in its own folder under `Providers/`: the registered `WeatherProvider`
        // and its endpoint's URL and parsing), advisory selection, the weather service on the bus.
        .target(
            name: "LocSimWeather",
            dependencies: [
                "LocSimPluginOptions", "LocSimAppServices", "LocSimCanonicalJSON", "LocSimSimulation",
                "LocSimHTTPRecording", "LocSimSafeXML",
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
                "LocSimCanonicalJSON", "LocSimSupport", "LocSimPluginOptions", "LocSimLocationCore", "LocSimSimulation",
                "LocSimGPX", "LocSimGeocoding", "LocSimHTTPRecording",
                "LocSimWeather",
            ],
            swiftSettings: upcoming),
        // The push controller: alert text, Parse `data`, APNs payload, optional Parse REST POST.
        .target(
            name: "LocSimPush",
            dependencies: [
                "LocSimPluginOptions", "LocSimAppServices", "LocSimCanonicalJSON", "LocSimSimulation",
                "LocSimHTTPRecording", "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        // The whole pipeline of one replay: GPX → playback → engine → geocoder → bus → services.
        .target(
            name: "LocSimReplay",
            dependencies: [
                "LocSimSupport",
                "LocSimSettings", "LocSimPluginOptions", "LocSimAppServices", "LocSimCanonicalJSON",
                "LocSimLocationCore", "LocSimGPX", "LocSimSimulation",
                "LocSimHTTPRecording", "LocSimGeocoding", "LocSimWeather", "LocSimPush",
            ],
            swiftSettings: upcoming
        ),
        // The scenario model (`scenario.json`), the catalog, the `locsim test` runner, diffs, JUnit and
        // GitHub reports. The replay pipeline is a seam (`ScenarioExecutor`), not a dependency.
        .target(
            name: "LocSimScenarioHarness",
            dependencies: [
                "LocSimSupport", "LocSimSettings", "LocSimPluginOptions", "LocSimCanonicalJSON", "LocSimSimulation",
            ],
            swiftSettings: upcoming),
        // The scenario executor (replay pipeline, strictly from the scenario's cassette), scenario.json →
        // replay settings shared with the CLI, the one-call check (`ScenarioCheck`), and live recording.
        .target(
            name: "LocSimScenarioReplay",
            dependencies: [
                "LocSimSettings", "LocSimScenarioHarness", "LocSimReplay", "LocSimGeocoding",
                "LocSimHTTPRecording", "LocSimWeather",
                "LocSimSimulation",
                "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        // `locsim serve`: recorded providers over HTTP/1.1 on plain sockets, for an app in another process.
        // It routes and redacts by an app's endpoint and secret declarations; no replay pipeline.
        .target(
            name: "LocSimServe",
            dependencies: [
                "LocSimSupport", "LocSimCanonicalJSON", "LocSimHTTPRecording",
                .target(name: "LocSimCEpoll", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: upcoming),
        // Linux's epoll and eventfd behind one module map: the event loops of `locsim serve`.
        .systemLibrary(name: "LocSimCEpoll"),
        // SVG maps of a replay: Web Mercator, circles to scale, labels, legend. No network.
        .target(
            name: "LocSimMap",
            dependencies: ["LocSimSupport", "LocSimLocationCore", "LocSimCanonicalJSON", "LocSimSimulation"],
            resources: [.copy("Resources/context-lines.bin")], swiftSettings: upcoming),
        // Export formats for other tools (Xcode, simctl, devicectl, APNs files, GeoJSON, Android): pure, by name.
        .target(
            name: "LocSimExport",
            dependencies: ["LocSimLocationCore", "LocSimSimulation", "LocSimCanonicalJSON", "LocSimSupport"],
            swiftSettings: upcoming),
        // Argument parsing, help, commands. The only library code that writes to stdout or paces a
        // replay against the real clock.
        .target(
            name: "LocSimCLI",
            dependencies: [
                "LocSimSupport", "LocSimBench", "LocSimSettings", "LocSimPluginOptions", "LocSimCanonicalJSON",
                "LocSimLocationCore",
                "LocSimGPX",
                "LocSimSimulation", "LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimGeocoding", "LocSimWeather",
                "LocSimPush", "LocSimReplay",
                "LocSimScenarioHarness", "LocSimMap",
                "LocSimScenarioReplay", "LocSimExport", "LocSimServe",
            ],
            swiftSettings: upcoming
        ),
        // What `locsim bench` measures (GPX parse against a bare libxml2 loop, the engine, the
        // gazetteer): used by the CLI only, in no library product.
        .target(
            name: "LocSimBench",
            dependencies: [
                "LocSimLibXML2", "LocSimSafeXML", "LocSimGPX", "LocSimGeocoding", "LocSimLocationCore", "LocSimSupport",
                "LocSimHTTPRecording",
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "locsim",
            dependencies: ["LocSimCLI", .target(name: "LocSimLazyCurl", condition: .when(platforms: [.linux]))],
            swiftSettings: upcoming, linkerSettings: staticSwiftRuntime
        ),
        // `SimulatedDevice`: the user's own location code fed CoreLocation-shaped updates, a monitor,
        // a throttled geocoder and a NotificationCenter on one virtual clock.
        .target(
            name: "LocSimDevice",
            dependencies: [
                "LocSimSettings", "LocSimSupport", "LocSimLocationCore", "LocSimGPX", "LocSimGeocoding",
                "LocSimSimulation", "LocSimReplay",
            ],
            swiftSettings: upcoming),
        // `import LocSim`: the public API of every module of the `LocSim` product in one import.
        .target(
            name: "LocSim",
            dependencies: [
                "LocSimAppServices", "LocSimCanonicalJSON", "LocSimGPX", "LocSimGeocoding", "LocSimHTTPRecording",
                "LocSimLiveHTTP",
                "LocSimScenarioHarness",
                "LocSimSettings", "LocSimSupport", "LocSimLocationCore", "LocSimPush", "LocSimReplay",
                "LocSimScenarioReplay",
                "LocSimPluginOptions",
                "LocSimSimulation", "LocSimWeather", "LocSimDevice",
            ],
            swiftSettings: upcoming),
        // `import LocSimURLProtocol`: the URLSession face of LocSimHTTPRecording and the types its
        // recipes name (re-exported one by one) and the Swift Testing trait `.cassette(…)`. Imports
        // Testing, so only test code links it.
        .target(
            name: "LocSimURLProtocol",
            dependencies: ["LocSimHTTPRecording"],
            swiftSettings: upcoming),
        // `ScenarioAssertion.assert`: a scenario run and compared inside a user's test, failing it
        // through Swift Testing or XCTest (the only module here that imports them).
        .target(
            name: "LocSimScenarioTesting",
            dependencies: [
                "LocSimScenarioReplay", "LocSimScenarioHarness", "LocSimReplay", "LocSimGeocoding", "LocSimSimulation",
                "LocSimSupport",
            ],
            swiftSettings: upcoming),
        // The one-liner in a process of its own, for LocSimURLProtocolTests (crash regression,
        // read-only cassette folder, two processes recording at once) and
        // scripts/bench-parallel-recording: no product, used by tests and that script only.
        .executableTarget(
            name: "LocSimURLSessionProbe",
            dependencies: ["LocSimHTTPRecording", "LocSimTesting"],
            swiftSettings: upcoming),
        // libcurl's functions as forwarders that load libcurl on first use (see its header).
        .target(name: "LocSimLazyCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // Test support: a misbehaving provider stand-in on 127.0.0.1 (late, dripped, closed or gzip
        // answers; it listens with LocSimServe's `Listener`), a scripted in-memory HTTP client,
        // gzip bodies without zlib, and probes that show calls overlap (`Gathering`,
        // `OneThreadExecutor`). Used by tests only.
        .target(
            name: "LocSimTesting", dependencies: ["LocSimHTTPRecording", "LocSimServe", "LocSimSupport"],
            swiftSettings: upcoming),

        .testTarget(name: "LocSimSupportTests", dependencies: ["LocSimSupport"], swiftSettings: upcoming),
        .testTarget(name: "LocSimBenchTests", dependencies: ["LocSimBench", "LocSimGPX"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimURLProtocolTests",
            dependencies: [
                "LocSimURLProtocol", "LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimTesting", "LocSimSupport",
            ],
            // The `.cassette(…)` trait's cassettes, read beside the test files, not bundled.
            exclude: ["Cassettes"], swiftSettings: upcoming),
        .testTarget(name: "LocSimSafeXMLTests", dependencies: ["LocSimSafeXML"], swiftSettings: upcoming),
        .testTarget(name: "LocSimCanonicalJSONTests", dependencies: ["LocSimCanonicalJSON"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimLocationCoreTests", dependencies: ["LocSimLocationCore"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimSimulationTests",
            dependencies: ["LocSimSimulation", "LocSimCanonicalJSON", "LocSimLocationCore", "LocSimSupport"],
            swiftSettings: upcoming),
        // The test support's own tests: the loopback stand-in server and the golden-file helper.
        .testTarget(
            name: "LocSimTestingTests",
            dependencies: ["LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimTesting"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimHTTPRecordingTests",
            dependencies: [
                "LocSimSupport", "LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimTesting", "LocSimCanonicalJSON",
            ],
            exclude: ["HAR/Fixtures"], swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimGPXTests",
            dependencies: ["LocSimSafeXML", "LocSimSupport", "LocSimGPX", "LocSimLocationCore", "LocSimCanonicalJSON"],
            resources: [.copy("Corpus")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimGeocodingTests",
            dependencies: [
                "LocSimGeocoding", "LocSimLocationCore", "LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimTesting",
            ],
            swiftSettings: upcoming),
        .testTarget(
            name: "LocSimWeatherTests",
            dependencies: [
                "LocSimWeather", "LocSimGeocoding", "LocSimLocationCore", "LocSimCanonicalJSON", "LocSimSimulation",
                "LocSimHTTPRecording",
                "LocSimLiveHTTP", "LocSimTesting",
                "LocSimSettings", "LocSimPluginOptions", "LocSimAppServices", "LocSimSupport",
            ],
            resources: [.copy("Cassettes")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimPushTests",
            dependencies: [
                "LocSimPush", "LocSimWeather", "LocSimCanonicalJSON", "LocSimSimulation", "LocSimHTTPRecording",
                "LocSimLiveHTTP", "LocSimTesting",
                "LocSimAppServices", "LocSimSupport",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimScenarioHarnessTests",
            dependencies: [
                "LocSimScenarioHarness", "LocSimCanonicalJSON", "LocSimSimulation", "LocSimSettings",
                "LocSimPluginOptions", "LocSimGPX", "LocSimGeocoding", "LocSimSupport",
                "LocSimLocationCore", "LocSimWeather",
            ],
            swiftSettings: upcoming),
        .testTarget(
            name: "LocSimMapTests",
            dependencies: ["LocSimMap", "LocSimLocationCore", "LocSimSimulation", "LocSimTesting"],
            // Golden maps, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimReplayTests",
            dependencies: [
                "LocSimSupport",
                "LocSimReplay", "LocSimGPX", "LocSimLocationCore", "LocSimSimulation", "LocSimGeocoding",
                "LocSimHTTPRecording", "LocSimCanonicalJSON", "LocSimWeather",
                "LocSimSettings", "LocSimPluginOptions", "LocSimAppServices",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimCLITests",
            dependencies: [
                "LocSimSupport", "LocSimCLI", "LocSimLocationCore", "LocSimCanonicalJSON", "LocSimTesting",
                "LocSimHTTPRecording",
                "LocSimSettings", "LocSimSimulation", "LocSimReplay", "LocSimWeather",
                "LocSimScenarioReplay", "LocSimScenarioHarness", "LocSimGeocoding", "LocSimGPX", "LocSimPluginOptions",
                "LocSimScenarioTesting", "LocSimPush", "LocSimAppServices",
            ],
            // Golden transcripts and help texts, read through #filePath, not bundled.
            exclude: ["Golden"], resources: [.copy("ProviderBodies")], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimServeTests",
            dependencies: [
                "LocSimServe", "LocSimCLI", "LocSimTesting", "LocSimHTTPRecording", "LocSimLiveHTTP", "LocSimReplay",
                "LocSimSupport", "LocSimPush",
                "LocSimAppServices",
            ],
            // Golden files, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimExportTests",
            dependencies: [
                "LocSimExport", "LocSimCLI", "LocSimGPX", "LocSimLocationCore", "LocSimSimulation",
                "LocSimCanonicalJSON",
                "LocSimSupport", "LocSimTesting",
            ],
            // Golden exports and their input, read through #filePath, not bundled.
            exclude: ["Golden", "Fixtures"], swiftSettings: upcoming),
        .testTarget(
            name: "LocSimDeviceTests",
            dependencies: [
                "LocSimDevice", "LocSimReplay", "LocSimGeocoding", "LocSimLocationCore", "LocSimSettings",
                "LocSimSupport", "LocSimSimulation",
                "LocSimAppServices",
                "LocSimHTTPRecording",
            ],
            swiftSettings: upcoming),
        .testTarget(
            name: "LocSimScenarioReplayTests",
            dependencies: [
                "LocSimScenarioReplay", "LocSimScenarioHarness", "LocSimCLI", "LocSimTesting", "LocSimHTTPRecording",
                "LocSimReplay", "LocSimWeather",
                "LocSimGeocoding",
                "LocSimLocationCore", "LocSimGPX", "LocSimSimulation", "LocSimCanonicalJSON", "LocSimSettings",
                "LocSimPluginOptions",
                "LocSimSupport",
                "LocSimScenarioTesting", "LocSimPush", "LocSimAppServices",
            ],
            // White-noise goldens, read through #filePath, not bundled.
            exclude: ["WhiteNoiseGoldens"], swiftSettings: upcoming
        ),
    ]
)
