import Foundation
import Testing

/// Every `@unchecked Sendable` in `Sources/` says why it is safe — which lock guards what, or why
/// none is needed — in the comment just above the declaration, on its line, or on the line after.
struct UncheckedSendableCommentTests {
    static let sources = PortabilityGuardTests.packageRoot.appendingPathComponent("Sources")

    /// `file:line` of each declaration conforming `@unchecked Sendable` without such a comment.
    static func unexplained(in root: URL) throws -> [String] {
        var found: [String] = []
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where isDeclaration(line) {
                if !isExplained(lines, at: index) {
                    found.append("\(url.path.dropFirst(root.path.count + 1)):\(index + 1)")
                }
            }
        }
        return found.sorted()
    }

    static func isDeclaration(_ line: String) -> Bool {
        let code = line.components(separatedBy: "//")[0]
        return code.contains("@unchecked Sendable") && (code.contains("class ") || code.contains("struct "))
    }

    /// The comment block above, the declaration line's own comment, or a comment on the next line.
    static func isExplained(_ lines: [String], at index: Int) -> Bool {
        var comments = [String(lines[index].split(separator: "//", maxSplits: 1).dropFirst().first ?? "")]
        var above = index - 1
        while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            comments.append(lines[above])
            above -= 1
        }
        if index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
            comments.append(lines[index + 1])
        }
        return comments.contains { $0.contains("@unchecked Sendable") && $0.contains(":") }
    }

    @Test func everyUncheckedSendableSaysWhatGuardsIt() throws {
        #expect(try Self.unexplained(in: Self.sources) == [])
    }

    @Test func aBareUncheckedSendableIsFound() throws {
        let root = try PortabilityGuardTests.tree([
            "Sources/A/Bare.swift": "/// A box.\nfinal class Bare: @unchecked Sendable {\n    var x = 0\n}\n",
            "Sources/A/Told.swift":
                "/// A box. `@unchecked Sendable`: `x` is only touched under `lock`.\nfinal class Told: @unchecked Sendable {}\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Self.unexplained(in: URL(fileURLWithPath: root + "/Sources")) == ["A/Bare.swift:2"])
    }
}
