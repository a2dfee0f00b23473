import HTTPRecording
import Synchronization

/// Which HTTP client answers each route. Routes are reused once released, so the slot types
/// stay few however many sessions a test suite makes; each opening has a token of its own, so a
/// late second release of an old opening never frees the route's next owner.
enum URLProtocolRoutes {
    private struct Table {
        var clients: [Int: (client: any HTTPClient, token: Int)] = [:]
        var free: [Int] = []
        var next = 0
        var tokens = 0
    }

    private static let table = Mutex(Table())

    /// A route answered by `client`, and the token that releases it.
    static func open(_ client: any HTTPClient) -> (route: Int, token: Int) {
        table.withLock { table in
            let route = table.free.popLast() ?? table.next
            if route == table.next { table.next += 1 }
            table.tokens += 1
            table.clients[route] = (client, table.tokens)
            return (route, table.tokens)
        }
    }

    /// The client of `route`, or `nil` once released.
    static func client(for route: Int) -> (any HTTPClient)? {
        table.withLock { $0.clients[route]?.client }
    }

    /// Frees `route` for reuse if `token` is still its opening; its sessions answer nothing afterwards.
    static func release(_ route: Int, token: Int) {
        table.withLock { table in
            guard table.clients[route]?.token == token else { return }
            table.clients.removeValue(forKey: route)
            table.free.append(route)
        }
    }
}
