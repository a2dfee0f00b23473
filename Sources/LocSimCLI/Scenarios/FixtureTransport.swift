import Foundation
import LocSimHTTPRecording
import LocSimSupport

/// Answers requests from response bodies in a folder, one file per request, for
/// `locsim record NAME --from-fixtures DIR` (docs/first-scenario.md, "Fixture file names"):
///
/// `DIR/<host><path>[__<query>].<ext>`: the request's host and path as the URL spells them
/// (`api.aerisapi.com/advisories/franklin,la,us.json`), then, when the request has query items
/// other than secrets, `__` and those items sorted, `name=value` joined by `&`
/// (`api.weather.gov/alerts/active__point=29.796,-91.501.json`). A path ending in `/` names
/// `index`. Any extension is accepted; `.json` is served as `application/json`, `.xml` as
/// `application/xml`, anything else as `text/plain`. Status 200. A request with no file is
/// remembered (``missing``) and fails as unreachable.
final class FixtureTransport: HTTPClient {
    let directory: String
    private let redactor: Redactor
    private let misses = Locked<[String]>([])

    init(directory: String, secrets: [SecretDeclaration]) {
        self.directory = directory
        self.redactor = Redactor(declarations: secrets, environment: [:])
    }

    /// The fixture files asked for and not found, relative to ``directory``, in request order.
    var missing: [String] { misses.withLock { $0 } }

    func send(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPResponse {
        let stem = Self.stem(forURL: redactor.redact(url: request.url))
        if let file = Self.file(stem: stem, in: directory), let body = FileManager.default.contents(atPath: file) {
            return HTTPResponse(status: 200, headers: ["Content-Type": Self.contentType(file)], body: Array(body))
        }
        misses.withLock { if !$0.contains(stem + ".json") { $0.append(stem + ".json") } }
        throw .unreachable("no fixture file \(stem).<ext> under \(directory) for \(request.method) \(request.url)")
    }

    /// The file name without extension for `url` (secrets already replaced by placeholders).
    static func stem(forURL url: String) -> String {
        guard let components = URLComponents(string: url) else { return url }
        var path = components.percentEncodedPath
        if path.isEmpty || path.hasSuffix("/") { path += "index" }
        var stem = (components.host ?? "") + path
        let items = (components.percentEncodedQueryItems ?? [])
            .filter { item in !(item.value.map { $0.hasPrefix("%3C") && $0.hasSuffix("%3E") } ?? false) }
            .filter { item in !(item.value.map { $0.hasPrefix("<") && $0.hasSuffix(">") } ?? false) }
            .map { $0.name + ($0.value.map { "=" + $0 } ?? "") }
            .sorted()
        if !items.isEmpty { stem += "__" + items.joined(separator: "&") }
        return stem
    }

    static func file(stem: String, in directory: String) -> String? {
        let full = directory + "/" + stem
        let folder = (full as NSString).deletingLastPathComponent
        let name = (full as NSString).lastPathComponent
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return entries.sorted().first { ($0 as NSString).deletingPathExtension == name }.map { folder + "/" + $0 }
    }

    static func contentType(_ file: String) -> String {
        switch (file as NSString).pathExtension.lowercased() {
        case "json": "application/json"
        case "xml": "application/xml"
        default: "text/plain"
        }
    }
}
