import Foundation

/// Paths of the conformance corpus (the `Corpus` resource folder).
enum Corpus {
    static let root: String = {
        guard let url = Bundle.module.url(forResource: "Corpus", withExtension: nil) else {
            fatalError("Corpus resource folder missing from the test bundle")
        }
        return url.path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func files(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path(folder))) ?? []
        return names.filter { $0.hasSuffix(".gpx") }.sorted().map { folder + "/" + $0 }
    }
}

/// The bytes of a file, or `nil`.
func readBytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}
