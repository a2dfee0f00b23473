import LocSimSupport

/// Which HTTP client answers each route. Routes are reused once released, so the slot types
/// stay few however many sessions a test suite makes; each opening has a token of its own, so a
/// late second release of an old opening never frees the route's next owner.
enum URLProtocolRoutes {
    private struct Table {
        var clients: [Int: (client: any HTTPClient, token: Int, blocks: Bool)] = [:]
        var free: [Int] = []
        var next = 0
        var tokens = 0
    }

    private static let table = Locked(Table())

    /// A route answered by `client`, and the token that releases it. A client that `blocks`
    /// (one that may wait on a URLSession of its own) is called off URLSession's queue.
    static func open(_ client: any HTTPClient, blocks: Bool = false) -> (route: Int, token: Int) {
        table.withLock { table in
            let route = table.free.popLast() ?? table.next
            if route == table.next { table.next += 1 }
            table.tokens += 1
            table.clients[route] = (client, table.tokens, blocks)
            return (route, table.tokens)
        }
    }

    /// The client of `route` and whether it blocks, or `nil` once released.
    static func client(for route: Int) -> (client: any HTTPClient, blocks: Bool)? {
        table.withLock { table in table.clients[route].map { ($0.client, $0.blocks) } }
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
