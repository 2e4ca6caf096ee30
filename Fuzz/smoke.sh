#!/usr/bin/env bash
# A short fuzzing smoke for CI: every harness in Fuzz/Harnesses, linked against the objects of the normal
# debug build (`swift build` first) with libFuzzer's driver, runs for a few seconds on its seeds. It proves
# that each harness still builds and that its readers survive their seeds and some mutations; the deep runs,
# with AddressSanitizer and coverage on the libraries, are Fuzz/run.sh (see Fuzz/README.md).
#   Fuzz/smoke.sh [seconds-per-harness]      default: 3
set -uo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-3}"
debug=.build/debug
out=.build/fuzz-smoke
mkdir -p "$out/bin"
# Every module at or below Reports, by name: a module Project or Rules comes to depend on must be added here (the
# harnesses link its objects, or fail to build). Online and ShipcheckCore sit above them and no harness reads through
# them, so they are not linked (run.sh does not even build them).
# Only the objects of each module's current sources (its `sources` list): a file moved to another module leaves its
# old object behind in the build folder, and linking that stale copy fails (undefined or duplicate symbols).
objects=()
for module in YAML StoreText StoreLocale Support Formats Project Rules Reports BuiltinData; do
    while read -r source; do
        objects+=("$debug/$module.build/$(basename "$source").o")
    done < "$debug/$module.build/sources"
    # The AST wrapper of a debug build (for the debugger), when there is one.
    [ -f "$debug/$module.build/$module.swiftmodule.o" ] && objects+=("$debug/$module.build/$module.swiftmodule.o")
done
failed=0
for source_file in Fuzz/Harnesses/*.swift; do
    name=$(basename "$source_file" .swift)
    binary="$out/bin/$name"
    rm -f "$binary"
    swiftc -sanitize=fuzzer -parse-as-library -I "$debug/Modules" -I "$debug" -I Sources/CYAML -I Sources/CZlib \
        "$source_file" "${objects[@]}" -lyaml -lz -o "$binary" 2>&1 | grep -v "Cannot export local symbol" >&2
    if [ ! -x "$binary" ]; then echo "fuzz-smoke: $name does not build"; failed=1; continue; fi
    corpus="$out/corpus/$name"
    rm -rf "$corpus"; mkdir -p "$corpus"
    # A few seeds of every kind the harnesses read: the fixtures are small.
    find Tests/Fixtures Examples rules templates -type f -size -16k 2>/dev/null | head -300 | while read -r file; do
        cp "$file" "$corpus/$(echo "$file" | tr '/' '_')"
    done
    # Hand-written seeds for shapes no fixture has.
    [ -d "Fuzz/Seeds/$name" ] && cp "Fuzz/Seeds/$name"/* "$corpus/"
    if "$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
        -artifact_prefix="$out/$name-" >"$out/$name.log" 2>&1; then
        runs=$(grep -oE '#[0-9]+' "$out/$name.log" | tail -1)
        echo "fuzz-smoke: $name ran clean (${runs:-?} executions)"
    else
        echo "fuzz-smoke: $name FAILED; see $out/$name.log"; tail -20 "$out/$name.log"; failed=1
    fi
done
exit $failed
