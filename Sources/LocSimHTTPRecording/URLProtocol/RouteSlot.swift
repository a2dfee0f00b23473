/// A type-level number: `Next<Next<Zero>>` is 2. Each session that replays through locsim gets
/// a URLProtocol class of its own, ``RoutedURLProtocol``, specialised with one of these, so
/// sessions with different HTTP clients run side by side without a global registration.
protocol RouteSlot {
    static var index: Int { get }
}

enum ZeroSlot: RouteSlot {
    static var index: Int { 0 }
}

enum NextSlot<Previous: RouteSlot>: RouteSlot {
    static var index: Int { Previous.index + 1 }
}

/// The URLProtocol class for route `index` (built by recursion over the slot types).
func protocolClass(forRoute index: Int) -> HTTPClientURLProtocol.Type {
    func build<Slot: RouteSlot>(_ slot: Slot.Type, remaining: Int) -> HTTPClientURLProtocol.Type {
        remaining == 0 ? RoutedURLProtocol<Slot>.self : build(NextSlot<Slot>.self, remaining: remaining - 1)
    }
    return build(ZeroSlot.self, remaining: index)
}
