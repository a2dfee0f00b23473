// swift-tools-version:6.0
import PackageDescription

// A miniature weather-alert app, as an iOS developer would write it, tested with locsim.
// The app target knows nothing of locsim; only the test target depends on it (by path here;
// from another repository use `.package(url: "https://…/locsim.git", from: "…")`).
let package = Package(
    name: "WeatherAlertsApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "WeatherAlertsApp", targets: ["WeatherAlertsApp"])],
    dependencies: [.package(name: "locsim", path: "../..")],
    targets: [
        .target(name: "WeatherAlertsApp"),
        .testTarget(
            name: "WeatherAlertsAppTests",
            dependencies: [
                "WeatherAlertsApp",
                .product(name: "LocSim", package: "locsim"),
                .product(name: "LocSimURLProtocol", package: "locsim"),
                .product(name: "LocSimServe", package: "locsim"),
                .product(name: "LocSimScenarioTesting", package: "locsim"),
            ],
            // The location controller's golden transcript, read through #filePath.
            exclude: ["Golden"]
        ),
    ]
)
