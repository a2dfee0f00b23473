// Run by scripts/check-package-deps. Package.swift lists only the dependencies a target imports, and every package module a target
// imports is listed: compares each Swift target's `dependencies:` (as `swift package
// dump-package` reads them) with the `import` lines of its Swift files, and fails naming each
// extra or missing dependency. Imports of modules that are not targets of this package
// (Foundation, Dispatch, Glibc, Darwin, XCTest, Testing, libxml2, …) are the platform's and are
// ignored. Also fails when docs/architecture.md's module graph is not Package.swift's, and naming
// each non-test target the README's module map (the paragraph of
// "How it works" from "Modules," to "Details:") does not name. Runs offline in a few seconds, from the package's
// root folder.
import Foundation

/// Dependencies that are linked, not imported: the reason is printed with `--verbose`.
let linkedOnly: [String: [String: String]] = [
    "locsim": ["LocSimLazyCurl": "libcurl's forwarders, resolved at link time (see LocSimLazyCurl's header)"]
]

let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
let verbose = CommandLine.arguments.dropFirst().contains("--verbose")

/// The manifest as JSON, read by SwiftPM itself (in a scratch folder of its own, so a build
/// holding `.build` does not block it). SwiftPM's `TMPDIR` is a folder in the scratch folder: the
/// lock files it leaves there (one named after the scratch folder, so one more each run) go with it.
func dumpPackage() -> Data {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("check-package-deps-\(getpid())")
    let temporary = scratch.appendingPathComponent("tmp")
    // `exit` skips `defer`: every way out removes the scratch folder first.
    func fail(_ message: String) -> Never {
        try? FileManager.default.removeItem(at: scratch)
        FileHandle.standardError.write(Data("check-package-deps: \(message)\n".utf8))
        exit(2)
    }
    do { try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true) } catch {
        fail("cannot create \(temporary.path): \(error)")
    }
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
        "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
    ]
    process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    do { try process.run() } catch {
        fail("cannot run swift: \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        fail("swift package dump-package failed")
    }
    return data
}

struct Target {
    var name: String
    var directory: String
    var excluded: [String]
    var dependencies: [String]
}

/// Every target's name (system libraries and C targets included), the non-test ones, and the
/// Swift-capable targets.
func targets(in manifest: Data) -> (names: Set<String>, products: Set<String>, targets: [Target]) {
    guard let json = try? JSONSerialization.jsonObject(with: manifest) as? [String: Any],
        let list = json["targets"] as? [[String: Any]]
    else {
        FileHandle.standardError.write(Data("check-package-deps: unexpected dump-package output\n".utf8))
        exit(2)
    }
    let names = Set(list.compactMap { $0["name"] as? String })
    let shipped = Set(list.filter { $0["type"] as? String != "test" }.compactMap { $0["name"] as? String })
    return (
        names, shipped,
        list.compactMap { target in
            guard let name = target["name"] as? String, let type = target["type"] as? String,
                ["regular", "executable", "test"].contains(type)
            else { return nil }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                // {"byName": [name, condition]}, {"target": [name, condition]}, {"product": [name, package, …]}
                dependency.values.compactMap { ($0 as? [Any])?.first as? String }.first
            }
            let directory = target["path"] as? String ?? (type == "test" ? "Tests/" : "Sources/") + name
            return Target(
                name: name, directory: directory, excluded: target["exclude"] as? [String] ?? [],
                dependencies: dependencies)
        }
    )
}

/// `import M`, `public import M`, `@testable import M`, `@_exported import M`, `import struct M.T`, …
let importPattern =
    #"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?"#
    + #"import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)"#
guard let importLine = try? NSRegularExpression(pattern: importPattern) else { fatalError("bad import pattern") }

/// The modules `target`'s Swift files import, each with the first file that does; `nil` when
/// the target has no Swift files (a C target).
func imports(of target: Target) -> [String: String]? {
    let base = root.appendingPathComponent(target.directory)
    guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return nil }
    let excluded = target.excluded.map { base.appendingPathComponent($0).standardizedFileURL.path + "/" }
    var found: [String: String] = [:]
    var sawSwift = false
    for case let file as URL in walker where file.pathExtension == "swift" {
        let path = file.standardizedFileURL.path
        if excluded.contains(where: { path.hasPrefix($0) }) { continue }
        sawSwift = true
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
        var inMultilineString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            // An `import` inside a `"""` string (a test's sample source) is text, not an import.
            if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultilineString.toggle() }
            if inMultilineString { continue }
            guard let match = importLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                let module = Range(match.range(at: 1), in: line).map({ String(line[$0]) })
            else { continue }
            let relative = String(path.dropFirst(root.standardizedFileURL.path.count + 1))
            if found[module] == nil || relative < found[module]! { found[module] = relative }
        }
    }
    return sawSwift ? found : nil
}

let (packageModules, nonTestModules, all) = targets(in: dumpPackage())
var problems: [String] = []
for target in all {
    guard let imported = imports(of: target) else { continue }
    let used = Set(imported.keys).intersection(packageModules).subtracting([target.name])
    let listed = Set(target.dependencies)
    for module in used.subtracting(listed).sorted() {
        problems.append("Package.swift: \(target.name) imports \(module) (\(imported[module]!)) but does not list it")
    }
    for module in listed.subtracting(used).sorted() {
        if let reason = linkedOnly[target.name]?[module] {
            if verbose { FileHandle.standardError.write(Data("\(target.name) → \(module): \(reason)\n".utf8)) }
            continue
        }
        problems.append("Package.swift: \(target.name) lists \(module) but no file of \(target.directory) imports it")
    }
}

/// The README's module map: the paragraph from "Modules," to "Details:".
let readme = (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
let moduleMap =
    readme.components(separatedBy: "Modules,").dropFirst().first?
    .components(separatedBy: "Details:").first ?? ""
if moduleMap.isEmpty { problems.append("README.md has no module map (a \"Modules,\" … \"Details:\" paragraph)") }
for module in nonTestModules.sorted() where !moduleMap.contains("`\(module)`") {
    problems.append("README.md's module map does not name `\(module)`")
}

/// docs/architecture.md's module graph: the block between `<!-- module graph -->` and the next
/// fence, one line per shipped module, `Module ← its package dependencies`, in Package.swift's order.
let expectedGraph = all.filter { nonTestModules.contains($0.name) }.map { target in
    let dependencies = target.dependencies.filter { packageModules.contains($0) }
    return dependencies.isEmpty ? target.name : "\(target.name) ← \(dependencies.joined(separator: ", "))"
}
let architecture =
    (try? String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)) ?? ""
let graph =
    architecture.components(separatedBy: "<!-- module graph -->").dropFirst().first?
    .components(separatedBy: "```").dropFirst().first?
    .split(separator: "\n").map(String.init).filter { !$0.isEmpty && $0 != "text" } ?? []
if graph != expectedGraph {
    problems.append(
        "docs/architecture.md's module graph differs from Package.swift; the block after <!-- module graph --> should be:\n"
            + "```text\n" + expectedGraph.joined(separator: "\n") + "\n```")
}

if problems.isEmpty {
    print(
        "check-package-deps: \(all.count) targets: every dependency imported, every import listed, all in README.md "
            + "and docs/architecture.md's graph")
} else {
    for problem in problems { FileHandle.standardError.write(Data("check-package-deps: \(problem)\n".utf8)) }
    exit(1)
}
