/// The status `locsim` exits with (sysexits.h values where one fits; docs/contract.md, Exit statuses).
package struct ExitCode: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    package var rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: everything went well.
    package static let success = ExitCode(rawValue: 0)
    /// 1: a test failed or a transcript did not match.
    package static let failure = ExitCode(rawValue: 1)
    /// 64 (`EX_USAGE`): the command line is wrong.
    package static let usage = ExitCode(rawValue: 64)
    /// 65 (`EX_DATAERR`): invalid input data (GPX, cassette, scenario).
    package static let dataError = ExitCode(rawValue: 65)
    /// 66 (`EX_NOINPUT`): an input file is missing or unreadable.
    package static let noInput = ExitCode(rawValue: 66)
    /// 69 (`EX_UNAVAILABLE`): a provider is unreachable in live or record mode.
    package static let unavailable = ExitCode(rawValue: 69)
    /// 70 (`EX_SOFTWARE`): an internal error.
    package static let software = ExitCode(rawValue: 70)
    /// 74 (`EX_IOERR`): output could not be written (a full disk, a closed pipe, `/dev/full`).
    package static let ioError = ExitCode(rawValue: 74)
    /// 75 (`EX_TEMPFAIL`): try again later (another process is recording into the cassette).
    package static let temporaryFailure = ExitCode(rawValue: 75)

    package var description: String {
        String(rawValue)
    }
}
