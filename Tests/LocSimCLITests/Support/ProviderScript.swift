import Foundation
import LocSimCanonicalJSON
import LocSimHTTPRecording
import LocSimSupport
import LocSimTesting

/// A scenario's hand-written provider answers (`ProviderBodies/<scenario>.json`, see the README
/// there): per host, routes by path, each with replies given in turn (the last one repeats).
struct ProviderScript: Sendable {
    struct Route: Sendable {
        var path: String?
        var pathPrefix: String?
        var replies: [HTTPResponse]

        func matches(_ path: String) -> Bool {
            if let exact = self.path { return exact == path }
            if let prefix = pathPrefix { return path.hasPrefix(prefix) }
            return false
        }
    }

    var comment: String
    /// Host → routes, in order.
    var hosts: [String: [Route]]

    /// The scenarios that have a script, sorted.
    static func scenarioNames() -> [String] {
        let directory = bodiesDirectory
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    static var bodiesDirectory: URL {
        Bundle.module.url(forResource: "ProviderBodies", withExtension: nil)!
    }

    /// Reads `ProviderBodies/<name>.json`.
    static func load(_ name: String) throws -> ProviderScript {
        let data = try Data(contentsOf: bodiesDirectory.appendingPathComponent(name + ".json"))
        let root = try JSONValue.parse(utf8: Array(data))
        guard let comment = root["comment"]?.stringValue, case .object(let hostMembers)? = root["hosts"] else {
            throw ScriptError("\(name).json: expected a string 'comment' and an object 'hosts'")
        }
        var hosts: [String: [Route]] = [:]
        for (host, routes) in hostMembers {
            guard let list = routes.arrayValue else {
                throw ScriptError("\(name).json: hosts.\(host) must be an array")
            }
            hosts[host] = try list.map { item in
                guard let replies = item["replies"]?.arrayValue, !replies.isEmpty else {
                    throw ScriptError("\(name).json: every route needs a non-empty 'replies'")
                }
                return Route(
                    path: item["path"]?.stringValue, pathPrefix: item["pathPrefix"]?.stringValue,
                    replies: try replies.map(response(from:)))
            }
        }
        return ProviderScript(comment: comment, hosts: hosts)
    }

    static func response(from reply: JSONValue) throws -> HTTPResponse {
        guard let status = reply["status"]?.doubleValue.map(Int.init) else {
            throw ScriptError("a reply needs a 'status'")
        }
        var headers: [String: String] = [:]
        if case .object(let members)? = reply["headers"] {
            for (name, value) in members { headers[name] = value.stringValue ?? "" }
        }
        let body: [UInt8]
        switch reply["body"] {
        case nil: body = []
        case .string(let text)?:
            body = Array(text.utf8)
            if headers["Content-Type"] == nil { headers["Content-Type"] = "text/plain; charset=utf-8" }
        case let value?:
            body = Array(value.compact().utf8)
            if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json; charset=utf-8" }
        }
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    /// Starts one loopback server per host; stop them with ``ScriptedProviders/stop()``.
    func start() throws -> ScriptedProviders {
        var servers: [String: LoopbackHTTPServer] = [:]
        for (host, routes) in hosts {
            let counters = Locked([Int](repeating: 0, count: routes.count))
            servers[host] = try LoopbackHTTPServer { request in
                let path = URLParts(request.url).path
                guard let index = routes.firstIndex(where: { $0.matches(path) }) else {
                    return .init(
                        HTTPResponse(
                            status: 404, headers: ["Content-Type": "text/plain"],
                            body: Array("no route for \(path)".utf8)))
                }
                let turn = counters.withLock { counts in
                    defer { counts[index] += 1 }
                    return counts[index]
                }
                let replies = routes[index].replies
                return .init(replies[min(turn, replies.count - 1)])
            }
        }
        return ScriptedProviders(servers: servers)
    }
}

/// The running servers of a ``ProviderScript``.
struct ScriptedProviders {
    let servers: [String: LoopbackHTTPServer]

    /// `--connect-to host=127.0.0.1:port` arguments, sorted by host.
    var connectToArguments: [String] {
        servers.keys.sorted().flatMap { ["--connect-to", "\($0)=127.0.0.1:\(servers[$0]!.port)"] }
    }

    /// Every request the servers received.
    var requests: [HTTPRequest] { servers.keys.sorted().flatMap { servers[$0]!.requests } }

    func stop() {
        for server in servers.values { server.stop() }
    }
}

struct ScriptError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
