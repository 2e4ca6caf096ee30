#!/usr/bin/env bash
# Memory-error gate: runs `shipcheck check`, `facts` and `metadata` under valgrind memcheck over the example,
# every fixture project and any laid-out repositories given as arguments, and fails on the first report.
#
#   Benchmarks/memcheck.sh [--bin PATH] [REPO...]     valgrind pass (default binary: .build/debug/shipcheck)
#   Benchmarks/memcheck.sh --asan [REPO...]           AddressSanitizer build (.build/asan) instead of valgrind
#
# Exit 0: no memory error; 1: a report (its log is printed); 2: setup problem (no valgrind, no binary).
set -euo pipefail
cd "$(dirname "$0")/.."

bin=".build/debug/shipcheck"
mode="valgrind"
repos=()
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin="$2"; shift 2 ;;
        --asan) mode="asan"; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) repos+=("$1"); shift ;;
    esac
done

if [ "$mode" = asan ]; then
    swift build -Xswiftc -sanitize=address --build-path .build/asan >&2
    bin=".build/asan/debug/shipcheck"
    runner=()
    export ASAN_OPTIONS="detect_leaks=0:abort_on_error=0:exitcode=99"
else
    if ! command -v valgrind >/dev/null; then
        echo "memcheck: valgrind is not installed (apt-get install valgrind); use --asan instead" >&2
        exit 2
    fi
    [ -x "$bin" ] || swift build >&2
    runner=(valgrind --error-exitcode=99 --quiet --fair-sched=yes --num-callers=30 --suppressions=Benchmarks/memcheck.supp)
fi
[ -x "$bin" ] || { echo "memcheck: no binary at $bin" >&2; exit 2; }

targets=(Examples/TodoCloud)
for dir in Tests/Fixtures/*/*/; do targets+=("${dir%/}"); done
targets+=("${repos[@]}")

log=$(mktemp)
trap 'rm -f "$log"' EXIT
start=$(date +%s)
runs=0
for target in "${targets[@]}"; do
    for command in check facts metadata; do
        set +e
        "${runner[@]}" "$bin" "$command" "$target" --format json >/dev/null 2>"$log"
        status=$?
        set -e
        runs=$((runs + 1))
        # 0, 1 (findings) and 2 (unreadable input, reported) are answers; 99 is a memory error, others a crash.
        if [ "$status" -gt 2 ]; then
            echo "memcheck: $mode reports a problem (exit $status) for: shipcheck $command $target" >&2
            cat "$log" >&2
            exit 1
        fi
    done
done
echo "memcheck: $mode clean: $runs runs over ${#targets[@]} projects in $(( $(date +%s) - start )) s (wall)"
