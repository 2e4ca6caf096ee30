#!/usr/bin/env bash
# Times the commands people run most, whole process, release build:
#   - `shipcheck rules list`: loading and validating every built-in checklist;
#   - `shipcheck metadata` over the NewPipe tree of the corpus (~2,900 files);
#   - `shipcheck check` over the bundled example project.
# Prints median wall time over RUNS runs (after one warm-up) and peak memory (/usr/bin/time -v).
# usage: Benchmarks/cli-bench.sh        env: RUNS (default 20)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-20}
CORPUS=${CORPUS:-../shared/corpus}

[ -x /usr/bin/time ] || { apt-get install -y time >/dev/null 2>&1 || true; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed for peak memory: apt-get install time" >&2; exit 2; }

echo "building release..." >&2
swift build -c release --product shipcheck >&2
BIN=$(swift build -c release --show-bin-path)/shipcheck

# median wall milliseconds of a command given as arguments
median_ms() {
    python3 - "$RUNS" "$@" <<'PY'
import statistics, subprocess, sys, time
runs = int(sys.argv[1]); cmd = sys.argv[2:]
subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
samples = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples.append((time.perf_counter() - start) * 1000)
print("%.1f" % statistics.median(samples))
PY
}

peak_mb() {
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.1f", $2 / 1024 }'
}

files() { find "$1" -type f | wc -l; }

printf '%-46s %8s %12s %10s\n' "command" "files" "median ms" "peak MB"
row() {
    local label=$1 count=$2; shift 2
    printf '%-46s %8s %12s %10s\n' "$label" "$count" "$(median_ms "$@")" "$(peak_mb "$@")"
}
row "shipcheck --version" "-" "$BIN" --version
row "shipcheck rules list" "-" "$BIN" rules list
NEWPIPE="$CORPUS/TeamNewPipe__NewPipe"
row "shipcheck metadata (NewPipe fastlane tree)" "$(files "$NEWPIPE/fastlane")" "$BIN" metadata "$NEWPIPE" --fail-on never
row "shipcheck check Examples/TodoCloud" "$(files Examples/TodoCloud)" "$BIN" check Examples/TodoCloud --fail-on never
