// The C library of the platform, re-exported: `import LocSimSupport` gives a file `open`, `read`,
// `errno`, `sin` and the rest, whatever the C library is called here. The package's only
// `#if canImport` ladder for libc.
#if canImport(Glibc)
    @_exported public import Glibc
#elseif canImport(Musl)
    @_exported public import Musl
#elseif canImport(Darwin)
    @_exported public import Darwin
#elseif canImport(ucrt)
    @_exported public import ucrt
#endif
