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
/// compiled against the shared Foundation do not name the static one's own dependencies.
/// libcurl, which FoundationNetworking calls, is not linked: `LazyCurl` loads it on the first
/// HTTP request (its headers come from `libcurl4-openssl-dev`).
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + [
                "_CFURLSessionInterface", "Foundation", "FoundationEssentials", "FoundationInternationalization",
                "CoreFoundation", "_FoundationICU", "_FoundationCShims", "_FoundationCollections",
            ].flatMap { ["-Xlinker", "-l\($0)"] } + ["-Xlinker", "--end-group"],
        .when(platforms: [.linux])
    )
]

let package = Package(
    name: "locsim",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "locsim", targets: ["locsim"]),
        .library(
            name: "LocSim",
            targets: [
                "CanonicalJSON", "LocationCore", "GPX", "Simulation", "HTTPRecording", "Geocoding", "Weather", "Push",
                "Replay", "Harness", "MapRender", "Scenarios", "Export",
            ]
        ),
        .library(name: "LocSimTesting", targets: ["LocSimTesting"]),
    ],
    targets: [
        // The only C in the package: libxml2 behind one module map. Only `GPX` imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // JSON values with verbatim numbers and canonical (sorted-key) output: transcripts, cassettes.
        .target(name: "CanonicalJSON", swiftSettings: upcoming),
        // Geodesy, locations, accuracy model, filters, the engine state machine. Stdlib only.
        .target(name: "LocationCore", swiftSettings: upcoming),
        // Streaming GPX reader on libxml2 (and the small safe XML reader other modules need).
        .target(name: "GPX", dependencies: ["CLibXML2", "LocationCore", "CanonicalJSON"], swiftSettings: upcoming),
        // Virtual clock, playback, notification bus, transcript.
        .target(name: "Simulation", dependencies: ["LocationCore", "CanonicalJSON"], swiftSettings: upcoming),
        // HTTP seam: live client, cassettes, recorder, replayer, redaction.
        .target(name: "HTTPRecording", dependencies: ["CanonicalJSON"], swiftSettings: upcoming),
        // Placemarks, the offline gazetteer, Apple's throttle model, Nominatim.
        .target(
            name: "Geocoding",
            dependencies: ["LocationCore", "Simulation", "HTTPRecording", "CanonicalJSON"],
            resources: [.copy("Resources/gazetteer.bin")],
            swiftSettings: upcoming
        ),
        // Weather providers (one file each), advisory selection, the weather service on the bus.
        .target(
            name: "Weather",
            dependencies: ["CanonicalJSON", "Simulation", "HTTPRecording", "GPX"],
            swiftSettings: upcoming
        ),
        // The push controller: alert text, Parse `data`, APNs payload, optional Parse REST POST.
        .target(
            name: "Push",
            dependencies: ["Weather", "CanonicalJSON", "Simulation", "HTTPRecording"],
            swiftSettings: upcoming
        ),
        // The whole pipeline of one replay: GPX → playback → engine → geocoder → bus → services.
        .target(
            name: "Replay",
            dependencies: [
                "CanonicalJSON", "LocationCore", "GPX", "Simulation", "HTTPRecording", "Geocoding", "Weather", "Push",
            ],
            swiftSettings: upcoming
        ),
        // Scenarios, the `locsim test` runner, diffs, JUnit and GitHub reports; the pipeline is a seam.
        .target(name: "Harness", dependencies: ["CanonicalJSON", "Simulation"], swiftSettings: upcoming),
        // The scenario executor (replay pipeline, strictly from the scenario's cassette), scenario.json →
        // replay settings shared with the CLI, and live recording of scenarios.
        .target(
            name: "Scenarios",
            dependencies: [
                "Harness", "Replay", "Geocoding", "HTTPRecording", "Weather", "Push", "LocationCore", "GPX", "Simulation",
            ],
            swiftSettings: upcoming
        ),
        // SVG maps of a replay: Web Mercator, circles to scale, labels, legend. No network.
        .target(
            name: "MapRender", dependencies: ["LocationCore", "CanonicalJSON", "Simulation"], swiftSettings: upcoming),
        // Export formats for other tools (Xcode, simctl, APNs files, GeoJSON, Android): pure, by name.
        .target(
            name: "Export", dependencies: ["LocationCore", "Simulation", "CanonicalJSON"], swiftSettings: upcoming),
        // Argument parsing, help, commands. The only code that touches stdout or sleeps.
        .target(
            name: "LocSimCLI",
            dependencies: [
                "CanonicalJSON", "LocationCore", "GPX", "Simulation", "HTTPRecording", "Geocoding", "Weather", "Push",
                "Replay", "Harness", "MapRender", "Scenarios", "Export",
            ],
            swiftSettings: upcoming
        ),
        .executableTarget(
            name: "locsim",
            dependencies: ["LocSimCLI", .target(name: "LazyCurl", condition: .when(platforms: [.linux]))],
            swiftSettings: upcoming, linkerSettings: staticSwiftRuntime
        ),
        // libcurl's functions as forwarders that load libcurl on first use (see its header).
        .target(name: "LazyCurl", linkerSettings: [.linkedLibrary("dl")]),
        // Test support: a loopback HTTP server on plain sockets (used by tests only).
        .target(name: "LocSimTesting", dependencies: ["HTTPRecording"], swiftSettings: upcoming),

        .testTarget(name: "CanonicalJSONTests", dependencies: ["CanonicalJSON"], swiftSettings: upcoming),
        .testTarget(name: "LocationCoreTests", dependencies: ["LocationCore"], swiftSettings: upcoming),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation"], swiftSettings: upcoming),
        .testTarget(
            name: "HTTPRecordingTests",
            dependencies: ["HTTPRecording", "LocSimTesting", "CanonicalJSON"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "GPXTests",
            dependencies: ["GPX", "LocationCore", "CanonicalJSON"],
            resources: [.copy("Corpus")],
            swiftSettings: upcoming
        ),
        .testTarget(name: "GeocodingTests", dependencies: ["Geocoding", "LocationCore"], swiftSettings: upcoming),
        .testTarget(
            name: "WeatherTests",
            dependencies: [
                "Weather", "Geocoding", "LocationCore", "CanonicalJSON", "Simulation", "HTTPRecording", "LocSimTesting",
            ],
            resources: [.copy("Cassettes")],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "PushTests",
            dependencies: ["Push", "Weather", "CanonicalJSON", "Simulation", "HTTPRecording", "LocSimTesting"],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "HarnessTests", dependencies: ["Harness", "CanonicalJSON", "Simulation"], swiftSettings: upcoming),
        .testTarget(
            name: "MapRenderTests", dependencies: ["MapRender", "LocationCore", "Simulation"],
            resources: [.copy("Golden")], swiftSettings: upcoming),
        .testTarget(
            name: "ReplayTests",
            dependencies: [
                "Replay", "GPX", "LocationCore", "Simulation", "Geocoding", "HTTPRecording", "CanonicalJSON", "Weather",
            ],
            swiftSettings: upcoming
        ),
        .testTarget(
            name: "LocSimCLITests", dependencies: ["LocSimCLI", "LocationCore", "CanonicalJSON", "LocSimTesting"],
            // Golden transcripts, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "ExportTests",
            dependencies: ["Export", "LocSimCLI", "LocationCore", "Simulation", "CanonicalJSON"],
            // Golden exports, read through #filePath, not bundled.
            exclude: ["Golden"], swiftSettings: upcoming),
        .testTarget(
            name: "ScenariosTests",
            dependencies: [
                "Scenarios", "Harness", "LocSimCLI", "LocSimTesting", "HTTPRecording", "Replay", "Weather", "Geocoding",
                "LocationCore", "GPX", "Simulation", "CanonicalJSON",
            ],
            resources: [.copy("ProviderBodies")],
            swiftSettings: upcoming
        ),
    ]
)
