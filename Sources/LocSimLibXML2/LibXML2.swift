// The package's platform shim for libxml2, and its only `#if` about it: Apple platforms import
// the SDK's `libxml2` module (no pkg-config, no Homebrew, the same headers in an iOS Simulator
// build); Linux imports `LocSimCLibXML2` (pkg-config's `libxml-2.0`, Debian's `libxml2-dev`). Both are
// re-exported, so `LocSimSafeXML`, `LocSimGPX` and `LocSimBench` write `import LocSimLibXML2` and nothing else.
// The Apple branch has not been compiled in this repository's CI on Linux: see docs/platforms.md.
#if canImport(libxml2)
    @_exported public import libxml2
#else
    @_exported public import LocSimCLibXML2
#endif
