#!/usr/bin/env bash
# Builds the libFuzzer target for the GPX reader (scripts/fuzz/GPXFuzzer) with AddressSanitizer and runs it.
#
#   scripts/fuzz-gpx.sh                      # build, then fuzz for 10 minutes
#   scripts/fuzz-gpx.sh -max_total_time=60   # any libFuzzer flags replace the defaults
#   scripts/fuzz-gpx.sh --build-only         # build .build/fuzz/gpx-fuzzer and stop (CI does this)
#
# Needs a Swift toolchain with libFuzzer (the Linux toolchains have it) and libxml2-dev.
# The fuzzer is deliberately not a SwiftPM target: `swift build`/`swift test` never need it.
# Seeds: Tests/LocSimGPXTests/Corpus/**.gpx, copied into .build/fuzz/corpus (new inputs land there).
# Crashes are written as .build/fuzz/crash-*; add each one to Tests/LocSimGPXTests/Corpus/fuzz/ and
# it becomes a regression test (GPXFuzzRegressionTests runs every file there).
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/fuzz
mkdir -p "$out/corpus"
# -package-name: the modules use `package` declarations across module boundaries, as SwiftPM
# compiles them (one package, `locsim`).
flags=(-sanitize=fuzzer,address -parse-as-library -swift-version 6 -O -g -package-name locsim
    -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -enable-upcoming-feature InternalImportsByDefault -package-name locsim -I "$out")
# libxml2 as SwiftPM sees it on Linux: `LocSimCLibXML2` (the system library), the tiny C target
# `LocSimCLibXML2Helpers` (its module map written here, as SwiftPM generates one) and the `LocSimLibXML2`
# module that re-exports them.
helpers="$out/LocSimCLibXML2Helpers"
mkdir -p "$helpers"
printf 'module LocSimCLibXML2Helpers {\n    header "%s"\n    export *\n}\n' \
    "$PWD/Sources/LocSimCLibXML2Helpers/include/LocSimCLibXML2Helpers.h" >"$helpers/module.modulemap"
cc -c -O2 -I Sources/LocSimCLibXML2Helpers/include Sources/LocSimCLibXML2Helpers/LocSimCLibXML2Helpers.c -o "$out/LocSimCLibXML2Helpers.o"
xml=(-I Sources/LocSimCLibXML2 -I "$helpers" $(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g'))

module() { # name, extra flags…
    local name=$1
    shift
    swiftc "${flags[@]}" "$@" -module-name "$name" -wmo -emit-module -emit-module-path "$out/$name.swiftmodule" \
        -c $(find Sources/"$name" -name '*.swift') -o "$out/$name.o"
}
module LocSimSupport
module LocSimCanonicalJSON
module LocSimLocationCore
module LocSimLibXML2 "${xml[@]}"
module LocSimSafeXML "${xml[@]}"
module LocSimGPX "${xml[@]}"
swiftc "${flags[@]}" "${xml[@]}" -module-name GPXFuzzer scripts/fuzz/GPXFuzzer/*.swift \
    "$out/LocSimSupport.o" "$out/LocSimCanonicalJSON.o" "$out/LocSimLocationCore.o" \
    "$out/LocSimCLibXML2Helpers.o" "$out/LocSimLibXML2.o" "$out/LocSimSafeXML.o" "$out/LocSimGPX.o" \
    $(pkg-config --libs libxml-2.0) -o "$out/gpx-fuzzer"

if [[ "${1:-}" == --build-only ]]; then
    echo "fuzz-gpx: built $out/gpx-fuzzer"
    exit 0
fi
find Tests/LocSimGPXTests/Corpus -name '*.gpx' -exec cp {} "$out/corpus/" \;
args=("$@")
if [ ${#args[@]} -eq 0 ]; then args=(-max_total_time=600 -max_len=65536 -timeout=10 -rss_limit_mb=2048); fi
cd "$out"
export SWIFT_BACKTRACE=enable=no  # let AddressSanitizer/libFuzzer report crashes
exec ./gpx-fuzzer "${args[@]}" corpus
