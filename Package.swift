// swift-tools-version:6.0
import PackageDescription

let upcoming: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "locsim",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "locsim", targets: ["locsim"]),
        .library(name: "LocSim", targets: ["LocationCore", "GPX", "Simulation", "HTTPRecording", "Geocoding"]),
    ],
    targets: [
        // The only C in the package: libxml2 behind one module map. Only `GPX` imports it.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Geodesy, locations, accuracy model, filters, the engine state machine. Stdlib only.
        .target(name: "LocationCore", swiftSettings: upcoming),
        // JSON values with verbatim numbers and canonical (sorted-key) output: transcripts, cassettes.
        .target(name: "CanonicalJSON", swiftSettings: upcoming),
        // Streaming GPX reader on libxml2 (and the small XML reader other modules need).
        .target(name: "GPX", dependencies: ["CLibXML2", "LocationCore", "CanonicalJSON"], swiftSettings: upcoming),
        // Virtual clock, playback, notification bus, transcript.
        .target(name: "Simulation", dependencies: ["LocationCore", "CanonicalJSON"], swiftSettings: upcoming),
        // HTTP seam: live client, cassettes, recorder, replayer, redaction.
        .target(name: "HTTPRecording", dependencies: ["CanonicalJSON"], swiftSettings: upcoming),
        // Placemarks, the offline gazetteer, Apple's throttle model.
        .target(
            name: "Geocoding",
            dependencies: ["LocationCore", "Simulation", "HTTPRecording"],
            swiftSettings: upcoming
        ),
        // Argument parsing, help, commands. The only code that touches stdout or sleeps.
        .target(
            name: "LocSimCLI",
            dependencies: ["LocationCore", "GPX", "Simulation", "HTTPRecording", "Geocoding"],
            swiftSettings: upcoming
        ),
        .executableTarget(name: "locsim", dependencies: ["LocSimCLI"], swiftSettings: upcoming),

        .testTarget(name: "CanonicalJSONTests", dependencies: ["CanonicalJSON"], swiftSettings: upcoming),
        .testTarget(name: "SimulationTests", dependencies: ["Simulation"], swiftSettings: upcoming),
        .testTarget(
            name: "GPXTests",
            dependencies: ["GPX", "LocationCore", "CanonicalJSON"],
            resources: [.copy("Corpus")],
            swiftSettings: upcoming
        ),
    ]
)
