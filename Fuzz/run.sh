#!/usr/bin/env bash
# Builds every libFuzzer harness in Fuzz/Harnesses and runs each for a bounded time.
#
#   Fuzz/run.sh [seconds-per-harness] [harness...]      default: 60 seconds, every harness
#
# The library targets are built once with AddressSanitizer and libFuzzer coverage (`-sanitize=address
# -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp`; `-sanitize=fuzzer` would also link libFuzzer into the
# build plugin's tool) into .build/fuzz (so the normal
# `swift build` / `swift test` never see the harnesses); each harness is linked against them with swiftc.
# Seed corpora come from the fixtures, the example and the built-in checklists; new inputs and crash
# artifacts stay under .build/fuzz. A crash, a leak-free memory error, a timeout (10 s per input) or an
# out-of-memory (2 GB) fails the run: the reproducer's path is printed; replay it with
# `.build/fuzz/bin/<harness> <file>`. Exit 0 when every harness ran clean, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
    for file in Fuzz/Harnesses/*.swift; do harnesses+=("$(basename "$file" .swift)"); done
fi

build=.build/fuzz
echo "fuzz: building the library targets with AddressSanitizer and coverage into $build" >&2
# Release (-O) with ASan: the debug build spent its time in allocator bookkeeping and no harness reached 1M
# executions. -enable-testing keeps the internal readers reachable from the harnesses' @testable imports.
swift build -c release --target Reports -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
    -Xswiftc -enable-testing --build-path "$build" >&2 || exit 2
debug="$build/release"
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
mkdir -p "$build/bin" "$build/artifacts"

# Seeds: files of each kind from the fixtures, the example and the checklists.
seed() {
    local name="$1"; shift
    local dir="$build/corpus/$name"
    mkdir -p "$dir"
    find Tests/Fixtures Examples rules templates "$@" -type f -size -256k 2>/dev/null | while read -r file; do
        cp "$file" "$dir/$(echo "$file" | tr '/' '_')"
    done
}
seed_kind() {
    local name="$1"; shift
    local dir="$build/corpus/$name"
    mkdir -p "$dir"
    find Tests/Fixtures Examples rules templates -type f -size -256k \( "$@" \) 2>/dev/null | while read -r file; do
        cp "$file" "$dir/$(echo "$file" | tr '/' '_')"
    done
}
seeds() {
    case "$1" in
        yaml) seed_kind yaml -name '*.yml' -o -name '*.yaml' ;;
        checklist) seed_kind checklist -path 'rules/*.yml' ;;
        expression)
            mkdir -p "$build/corpus/expression"
            grep -rhoE 'when: .*' rules Tests/Fixtures 2>/dev/null | sed 's/^when: //' | sort -u | head -200 | while read -r line; do
                printf '%s' "$line" > "$build/corpus/expression/$(printf '%s' "$line" | md5sum | cut -c1-12)"
            done ;;
        template) seed_kind template -path 'templates/*' ;;
        plist)
            seed_kind plist -name '*.plist' -o -name '*.xcprivacy' -o -name '*.entitlements' -o -name '*.strings'
            # Binary copies, so the own binary decoder is reached from real shapes (plutil is in the toolchain).
            if command -v plutil >/dev/null; then
                for file in "$build/corpus/plist"/*; do
                    case "$file" in *.bin) continue ;; esac
                    plutil -convert binary1 -o "$file.bin" "$file" >/dev/null 2>&1 || rm -f "$file.bin"
                done
            fi ;;
        openstep) seed_kind openstep -name '*.pbxproj' ;;
        archive) seed_kind archive -name '*.ipa' -o -name '*.aab' -o -name '*.apk' -o -name '*.macho' -o -name '*.o' -o -name '*.so' ;;
        source-scan) seed_kind source-scan -name '*.swift' -o -name '*.m' -o -name '*.kt' -o -name '*.java' -o -name '*.dart' -o -name '*.js' -o -name '*.ts' ;;
        suppression) seed_kind suppression -name '*.swift' -o -name '*baseline*.json' -o -name '*.kt' ;;
        android-manifest) seed_kind android-manifest -name 'AndroidManifest.xml' ;;
        gradle) seed_kind gradle -name '*.gradle' -o -name '*.gradle.kts' -o -name '*.toml' -o -name 'gradle.properties' ;;
        lockfiles) seed_kind lockfiles -name '*.lock' -o -name 'Package.resolved' -o -name 'Cartfile.resolved' -o -name 'package-lock.json' ;;
        csv) seed_kind csv -name '*.csv' ;;
        image-header) seed_kind image-header -name '*.png' -o -name '*.jpg' -o -name '*.jpeg' ;;
        metadata) seed_kind metadata -path '*metadata*' -name '*.txt' -o -name '*.md' -o -name '*.html' ;;
        expo-config) seed_kind expo-config -name 'app.json' -o -name 'app.config.*' -o -name '*.js' -o -name '*.ts' ;;
        project-spec) seed_kind project-spec -name 'project.yml' -o -name 'Project.swift' -o -name '*.yml' ;;
    esac
    # Hand-written seeds for shapes no fixture has (Fuzz/Seeds/<harness>/).
    if [ -d "Fuzz/Seeds/$1" ]; then
        mkdir -p "$build/corpus/$1"
        for file in "Fuzz/Seeds/$1"/*; do cp "$file" "$build/corpus/$1/seed_$(basename "$file")"; done
    fi
    # libFuzzer needs at least one input; an empty file is a fine start.
    [ -n "$(ls -A "$build/corpus/$1" 2>/dev/null)" ] || { mkdir -p "$build/corpus/$1"; : > "$build/corpus/$1/empty"; }
}

export ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1"
failed=0
summary=()
for name in "${harnesses[@]}"; do
    source_file="Fuzz/Harnesses/$name.swift"
    [ -f "$source_file" ] || { echo "fuzz: no harness $source_file" >&2; exit 2; }
    binary="$build/bin/$name"
    # Always relinked (a few seconds): a stale harness linked against other coverage flags does not run.
    if true; then
        echo "fuzz: linking $name" >&2
        rm -f "$binary"
        swiftc -O -sanitize=fuzzer,address -parse-as-library -g -I "$debug/Modules" -I "$debug" -I Sources/CYAML -I Sources/CZlib \
            "$source_file" "${objects[@]}" -lyaml -lz -o "$binary" 2>&1 | grep -v "Cannot export local symbol" >&2
        [ -x "$binary" ] || { summary+=("$name: does not build"); failed=1; continue; }
    fi
    seeds "$name"
    log="$build/artifacts/$name.log"
    # FUZZ_RUNS=N stops a harness after N executions (or the time bound, whichever comes first).
    runs_flag=()
    [ -n "${FUZZ_RUNS:-}" ] && runs_flag=(-runs="$FUZZ_RUNS")
    "$binary" "$build/corpus/$name" "${runs_flag[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
        -artifact_prefix="$build/artifacts/$name-" -print_final_stats=1 >"$log" 2>&1
    status=$?
    runs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
    if [ $status -eq 0 ]; then
        summary+=("$name: ${runs:-?} executions in ${seconds} s, clean")
    else
        artifact=$(grep -oE "Test unit written to [^ ]+" "$log" | tail -1 | sed 's/Test unit written to //')
        kind=$(grep -oE 'ERROR: (libFuzzer|AddressSanitizer): [a-zA-Z-]+' "$log" | head -1)
        summary+=("$name: ${runs:-?} executions, FAILED (${kind:-exit $status}) -> ${artifact:-see $log}")
        failed=1
    fi
done
printf '%s\n' "${summary[@]}"
exit $failed
