#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `locsim` command-line entry point.
public enum LocSim {
    /// Runs `locsim` with `arguments` (without the program name) against the real process
    /// environment and standard streams, returning the exit status.
    public static func main(arguments: [String]) -> Int32 {
        let message = "locsim: no commands yet\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        return 70
    }
}

/// Ends the process with `status`.
public func exitProcess(_ status: Int32) -> Never {
    exit(status)
}
