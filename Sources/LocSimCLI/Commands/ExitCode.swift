/// The status `locsim` exits with (sysexits.h values where one fits; docs/contract.md, Exit statuses).
public struct ExitCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: everything went well.
    public static let success = ExitCode(rawValue: 0)
    /// 1: a test failed or a transcript did not match.
    public static let failure = ExitCode(rawValue: 1)
    /// 64 (`EX_USAGE`): the command line is wrong.
    public static let usage = ExitCode(rawValue: 64)
    /// 65 (`EX_DATAERR`): invalid input data (GPX, cassette, scenario).
    public static let dataError = ExitCode(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file is missing or unreadable.
    public static let noInput = ExitCode(rawValue: 66)
    /// 69 (`EX_UNAVAILABLE`): a provider is unreachable in live or record mode.
    public static let unavailable = ExitCode(rawValue: 69)
    /// 70 (`EX_SOFTWARE`): an internal error.
    public static let software = ExitCode(rawValue: 70)
    /// 74 (`EX_IOERR`): output could not be written (a full disk, a closed pipe, `/dev/full`).
    public static let ioError = ExitCode(rawValue: 74)
    /// 75 (`EX_TEMPFAIL`): try again later (another process is recording into the cassette).
    public static let temporaryFailure = ExitCode(rawValue: 75)

    public var description: String {
        String(rawValue)
    }
}
