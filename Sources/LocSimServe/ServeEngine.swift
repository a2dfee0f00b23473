/// How a server runs its connections: an epoll event loop per core on Linux
/// (``LoopEngine``), a thread per connection elsewhere (``ThreadEngine``).
protocol ServeEngine: Sendable {
    /// Stops accepting, closes idle connections, lets in-flight requests finish (a request
    /// still arriving gets its deadline), and returns once every connection is closed. Called
    /// once, after ``ServeCore/beginStopping()``.
    func stop()
}
