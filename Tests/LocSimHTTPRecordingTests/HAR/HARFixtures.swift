import Foundation
import LocSimHTTPRecording

/// The hand-written HAR files under `Fixtures/`, each in one producer's shape (its `log.comment`
/// says which), and the live-looking secret values they hold.
enum HARFixtures {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The environment of a developer whose keys are in the captures.
    static let environment = [
        "AERIS_CLIENT_ID": "aerisLiveClientId01", "AERIS_CLIENT_SECRET": "aerisLiveSecret0001",
        "OWM_APPID": "owmLiveAppId0123456789", "PARSE_APPLICATION_ID": "parseLiveAppId000001",
        "PARSE_REST_API_KEY": "parseLiveRestKey00001",
    ]

    static var redactor: Redactor { Redactor(declarations: DeclaredSecrets.all, environment: environment) }

    /// Imports fixture `name` with every host, as `locsim cassettes import --all-hosts` does.
    static func importAll(_ name: String, includesImages: Bool = false) throws -> HARImport {
        try HARReader.read(
            utf8: bytes(name), path: name,
            options: HARImportOptions(hosts: nil, includesImages: includesImages, redactor: redactor))
    }

    /// The repository root.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
