import Foundation
import Testing

/// `scripts/check-portability`, the Linux-side guard for the Apple build (docs/platforms.md),
/// run on this repository and on small trees with planted Linux-only code.
@Suite struct PortabilityGuardTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the guard on `root`; returns its status and what it printed.
    static func check(_ root: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = packageRoot.appendingPathComponent("scripts/check-portability")
        process.arguments = [root]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// A tree of `files` (path → text) in a fresh directory (removed again if a file cannot be written).
    static func tree(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("locsim-portability-\(UUID())").path
        do {
            for (path, text) in files {
                let url = URL(fileURLWithPath: root + "/" + path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            try? FileManager.default.removeItem(atPath: root)
            throw error
        }
        return root
    }

    @Test func thisRepositoryIsPortable() throws {
        let run = try Self.check(Self.packageRoot.path)
        #expect(run.status == 0, "\(run.output)")
    }

    @Test func plantedLinuxOnlyCodeIsReportedWithItsPlace() throws {
        let root = try Self.tree([
            "Sources/Net/Socket.swift": "import Foundation\nimport Glibc\nlet fd = epoll_create1(0)\n",
            "Sources/Net/Memory.swift": "let status = \"/proc/self/status\"\n",
            "Sources/Net/Lock.swift": "#if os(Linux)\n    let lock = Mutex<Int>(0)\n#endif\n",
            "Sources/Net/Client.swift": "import FoundationNetworking\n",
            "Tests/NetTests/Xcrun.swift": "let script = \"line=$(date +%s.%N)\"\n",
            "scripts/test": "#!/usr/bin/env bash\nsed -i 's/a/b/' file\nreadlink -f .\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Self.check(root)
        #expect(run.status == 1)
        let places = run.output.split(separator: "\n").filter { !$0.hasPrefix("check-portability:") }.map { line in
            line.split(separator: ":", maxSplits: 2).prefix(2).joined(separator: ":")
        }
        #expect(
            Set(places) == [
                "Sources/Net/Socket.swift:2", "Sources/Net/Socket.swift:3", "Sources/Net/Memory.swift:1",
                "Sources/Net/Lock.swift:2", "Sources/Net/Client.swift:1", "Tests/NetTests/Xcrun.swift:1",
                "scripts/test:2", "scripts/test:3",
            ], "\(run.output)")
        #expect(run.output.contains("check-portability: 8 finding(s)"))
        #expect(run.output.contains("Sources/Net/Lock.swift:2: Synchronization (Mutex, Atomic) needs iOS 18"))
        #expect(run.output.contains("Sources/Net/Client.swift:1: Linux-only module FoundationNetworking imported"))
    }

    @Test func linuxOnlyCodeBehindItsConditionPasses() throws {
        let root = try Self.tree([
            "Sources/Net/Socket.swift": """
            #if os(Linux)
                import Glibc
                let fd = epoll_create1(0)
            #else
                let fd: Int32 = -1
            #endif
            #if canImport(FoundationNetworking)
                import FoundationNetworking
            #endif

            """,
            "Sources/Shim/LibXML2.swift": """
            #if canImport(libxml2)
                @_exported public import libxml2
            #else
                @_exported public import LocSimCLibXML2
            #endif

            """,
            "Sources/LocSimCEpoll/Loop.swift": "let fd = epoll_create1(0)\n",
            "scripts/bench.sh": "#!/bin/sh\n# portability: linux-only (reads /proc)\ncat /proc/loadavg\n",
            "scripts/test":
                "#!/bin/sh\nsed -i.bak 's/a/b/' file\nreadlink -f x || true  # portability: ok (fallback)\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Self.check(root)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("2 Swift files and 1 scripts are portable"))
    }
}
