import LocSimSupport

/// The process's open-file limit, raised for socket-heavy tests: one test holds 200 connections
/// (400 descriptors, both ends in this process) while others run in parallel, and macOS starts
/// processes with a soft limit of 256 (Linux: 1024).
enum FileDescriptorLimit {
    /// The soft limit every server fixture needs, well below the hard limit on both platforms.
    static let needed: rlim_t = 4096

    /// Raises the soft limit to ``needed`` once per process (capped at the hard limit), and
    /// returns the soft limit then in force.
    static let raised: rlim_t = {
        var limit = rlimit()
        guard getrlimit(resourceNoFile, &limit) == 0 else { return 0 }
        if limit.rlim_cur < needed {
            limit.rlim_cur = min(needed, limit.rlim_max)
            _ = setrlimit(resourceNoFile, &limit)
            _ = getrlimit(resourceNoFile, &limit)
        }
        return limit.rlim_cur
    }()

    /// `RLIMIT_NOFILE`, an enum case in Glibc and an `Int32` in Darwin.
    #if os(Linux)
        private static let resourceNoFile = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resourceNoFile = RLIMIT_NOFILE
    #endif
}
