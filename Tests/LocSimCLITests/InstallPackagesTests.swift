import Foundation
import Testing

/// The README's two set-up commands do all the set-up (issue 34 item 15): `scripts/locsim` and
/// `scripts/test` install what `.ci/packages` lists when it is missing, through
/// `scripts/install-packages`, the one installer `.ci/run` uses too; it runs with no stdin and
/// `CI=true`, as root with `apt-get` itself and otherwise through `sudo -n`, never prompting.
@Suite struct InstallPackagesTests {
    static let root = ReadmeQuotesTests.root

    /// What a fake `apt-get`/`sudo` logged, the script's status and its standard error.
    struct Run {
        var status: Int32
        var log: [String]
        var stderr: String
    }

    /// Runs `scripts/install-packages` with fakes first on `PATH`: `uname` says Linux, `id -u`
    /// prints `uid`, `pkg-config` finds only `installed`, `apt-get` logs its arguments and whether
    /// how many bytes it could read from its stdin (the script's stdin holds `y`), and `sudo` (when `sudo` is not `nil`) logs and exits with that
    /// status for `-n true`, else runs the rest of its arguments.
    static func run(uid: Int, installed: Set<String>, sudo: Int32?) throws -> Run {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "locsim-install-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("log").path
        var fakes = [
            "uname": "echo Linux",
            "id": "echo \(uid)",
            "pkg-config": """
            [ "$1" = --exists ] || exit 1
            case " \(installed.sorted().joined(separator: " ")) " in *" $2 "*) exit 0 ;; esac
            exit 1
            """,
            "apt-get": """
            echo "apt-get $* (stdin: $(wc -c | tr -d ' ') bytes)" >>'\(log)'
            """,
        ]
        if let sudo {
            fakes["sudo"] = """
                echo "sudo $*" >>'\(log)'
                [ "$1" = -n ] || exit 2
                shift
                [ "$*" = true ] && exit \(sudo)
                exec "$@"
                """
        }
        for (name, body) in fakes {
            FileManager.default.createFile(
                atPath: bin.appendingPathComponent(name).path, contents: Data("#!/bin/sh\n\(body)\n".utf8),
                attributes: [.posixPermissions: 0o755])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/install-packages").path]
        process.environment = [
            "PATH": bin.path + ":/usr/bin:/bin", "CI": "true", "HOME": folder.path,
        ]
        // Written and closed before the run, so the script never meets a writer that went away.
        let input = Pipe()
        input.fileHandleForWriting.write(Data("y\n".utf8))
        try input.fileHandleForWriting.close()
        process.standardInput = input
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let logged = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return Run(
            status: process.terminationStatus, log: logged.split(separator: "\n").map(String.init), stderr: stderr)
    }

    static let allModules: Set<String> = ["libxml-2.0", "zlib", "libcurl"]

    @Test func asRootTheMissingPackagesAreInstalledWithAptGetItself() throws {
        let run = try Self.run(uid: 0, installed: ["libxml-2.0", "zlib"], sudo: 0)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.log == [
                "apt-get update -qq (stdin: 0 bytes)",
                "apt-get install -y -qq --no-install-recommends libcurl4-openssl-dev (stdin: 0 bytes)",
            ])
        #expect(run.stderr.contains("installing libcurl4-openssl-dev (from .ci/packages)"))
    }

    @Test func asAnotherUserTheyAreInstalledThroughSudoWithoutAPrompt() throws {
        let run = try Self.run(uid: 1000, installed: ["zlib"], sudo: 0)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.log == [
                "sudo -n true",
                "sudo -n apt-get update -qq",
                "apt-get update -qq (stdin: 0 bytes)",
                "sudo -n apt-get install -y -qq --no-install-recommends libxml2-dev libcurl4-openssl-dev",
                "apt-get install -y -qq --no-install-recommends libxml2-dev libcurl4-openssl-dev (stdin: 0 bytes)",
            ])
    }

    @Test func withoutPasswordlessSudoItNamesTheCommandAndInstallsNothing() throws {
        let run = try Self.run(uid: 1000, installed: ["libxml-2.0", "zlib"], sudo: 1)
        #expect(run.status == 1)
        #expect(run.log == ["sudo -n true"])
        #expect(
            run.stderr.contains(
                "missing libcurl4-openssl-dev (from .ci/packages); run as root: "
                    + "apt-get install -y --no-install-recommends libcurl4-openssl-dev"), "\(run.stderr)")
    }

    @Test func nothingRunsWhenEverythingIsInstalled() throws {
        let run = try Self.run(uid: 1000, installed: Self.allModules, sudo: 1)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.log.isEmpty)
        #expect(run.stderr.isEmpty)
    }

    /// The README's set-up block is the two commands, and each installs the packages before it
    /// builds anything; `.ci/run` installs through the same script, which alone reads the list.
    @Test func theReadmeSetUpIsTwoCommandsThatInstallThePackagesFirst() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Set-up\n"))
        let open = try #require(readme[section.upperBound...].range(of: "```sh\n"))
        let close = try #require(readme[open.upperBound...].range(of: "```\n"))
        let commands = readme[open.upperBound..<close.lowerBound].split(separator: "\n").map {
            $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(commands == ["scripts/locsim replay Waypoints/franklin-la.gpx", "scripts/test"])
        for script in ["scripts/locsim", "scripts/test", ".ci/run"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(script), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
            let install = try #require(
                lines.firstIndex { $0.contains("scripts/install-packages") }, "\(script) does not install the packages")
            let build = try #require(lines.firstIndex { $0.contains("swift ") }, "\(script) builds nothing")
            #expect(install < build, "\(script) builds before it installs the packages")
            #expect(
                !text.contains("< .ci/packages") && !text.contains("<.ci/packages"), "\(script) reads the list itself")
        }
        let installer = try String(
            contentsOf: Self.root.appendingPathComponent("scripts/install-packages"), encoding: .utf8)
        #expect(installer.contains("done <.ci/packages"))
    }
}
