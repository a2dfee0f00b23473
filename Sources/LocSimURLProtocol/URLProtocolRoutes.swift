import HTTPRecording
import Synchronization

/// Which HTTP client answers each route. Routes are reused once released, so the slot types
/// stay few however many sessions a test suite makes.
enum URLProtocolRoutes {
    private struct Table {
        var clients: [Int: any HTTPClient] = [:]
        var free: [Int] = []
        var next = 0
    }

    private static let table = Mutex(Table())

    /// A route answered by `client`.
    static func open(_ client: any HTTPClient) -> Int {
        table.withLock { table in
            let route = table.free.popLast() ?? table.next
            if route == table.next { table.next += 1 }
            table.clients[route] = client
            return route
        }
    }

    /// The client of `route`, or `nil` once released.
    static func client(for route: Int) -> (any HTTPClient)? {
        table.withLock { $0.clients[route] }
    }

    /// Frees `route` for reuse; its sessions answer nothing afterwards.
    static func release(_ route: Int) {
        table.withLock { table in
            guard table.clients.removeValue(forKey: route) != nil else { return }
            table.free.append(route)
        }
    }
}
