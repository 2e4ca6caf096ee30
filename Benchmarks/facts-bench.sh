#!/usr/bin/env bash
# Times `shipcheck facts` against ripgrep on synthetic app trees of 1x, 10x and 50x (~3,000 files at 1x).
#
# usage: Benchmarks/facts-bench.sh [SCALES...]      (default: 1 10 50)
# env:   RUNS (timed runs per tool and scale, default 5). Trees are cached in .bench/ (gitignored) and
#        regenerated only when the generator or the symbol list changed. SHIPCHECK_BIN: a built shipcheck to
#        time (e.g. the static `make install` build) instead of building one.
#
# Both tools look for the same symbols: every `kind: symbols` table of the built-in checklists (rules/)
# plus Benchmarks/checklists/ (passed to shipcheck with --rules). ripgrep gets one -w alternation of them and
# searches every file; shipcheck walks every file, skips vendored ones (Pods) and comments/strings, and
# also runs the other inspectors. Wall times are medians over RUNS runs after one warm-up run (warm cache);
# peak memory is from /usr/bin/time -v.
set -euo pipefail

cd "$(dirname "$0")/.."
SCALES=("${@:-1 10 50}")
read -r -a SCALES <<< "${SCALES[*]}"
RUNS=${RUNS:-5}
BENCH=.bench
mkdir -p "$BENCH"

need() { command -v "$1" >/dev/null 2>&1; }
if ! need rg; then
    echo "installing ripgrep (apt-get)..." >&2
    (apt-get install -y ripgrep >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y ripgrep >/dev/null 2>&1; }) || true
    need rg || { echo "ripgrep is needed: apt-get install ripgrep" >&2; exit 2; }
fi
if ! need hyperfine; then
    apt-get install -y hyperfine >/dev/null 2>&1 || true
fi
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed for peak memory: apt-get install time" >&2; exit 2; }

if [ -n "${SHIPCHECK_BIN:-}" ]; then
    SHIPCHECK=$SHIPCHECK_BIN
else
    echo "building release..." >&2
    swift build -c release --product shipcheck >&2
    SHIPCHECK=$(swift build -c release --show-bin-path)/shipcheck
fi

RULE_DIRS=()
[ -d rules ] && RULE_DIRS+=(rules)
RULE_DIRS+=(Benchmarks/checklists)
python3 Benchmarks/symbols.py "${RULE_DIRS[@]}" > "$BENCH/symbols.txt"
REGEX=$(python3 Benchmarks/symbols.py --regex "${RULE_DIRS[@]}")
echo "$(wc -l < "$BENCH/symbols.txt") symbols from ${RULE_DIRS[*]}" >&2

# median of the numbers on stdin
median() { sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# median wall seconds of a command (given as one string), after a warm-up run
wall() {
    local cmd=$1
    if need hyperfine; then
        hyperfine --warmup 1 --runs "$RUNS" --export-json "$BENCH/hf.json" --style none "$cmd" >/dev/null 2>&1
        python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$BENCH/hf.json"
    else
        bash -c "$cmd" >/dev/null 2>&1 || true
        for _ in $(seq "$RUNS"); do
            local start end
            start=$(date +%s.%N)
            bash -c "$cmd" >/dev/null 2>&1 || true
            end=$(date +%s.%N)
            echo "$end - $start" | bc -l
        done | median | xargs printf "%.3f\n"
    fi
}

# peak resident memory in MB of a command
peak() {
    /usr/bin/time -v bash -c "$1 >/dev/null 2>&1" 2>&1 | awk -F: '/Maximum resident set size/ { printf "%.0f\n", $2 / 1024 }'
}

ROWS=()
for scale in "${SCALES[@]}"; do
    tree="$BENCH/tree-${scale}x"
    stamp=$(cat Benchmarks/gen-tree.py "$BENCH/symbols.txt" | md5sum | cut -d' ' -f1)
    if [ "$(cat "$tree/.complete" 2>/dev/null)" != "$stamp" ]; then
        echo "generating $tree..." >&2
        rm -rf "$tree"
        python3 Benchmarks/gen-tree.py "$tree" "$scale" "$BENCH/symbols.txt" >/dev/null
        echo "$stamp" > "$tree/.complete"
    fi
    files=$(find "$tree" -type f ! -name .complete | wc -l)
    mb=$(du -sm --apparent-size "$tree" | cut -f1)
    sc="'$SHIPCHECK' facts '$tree' --format json --rules Benchmarks/checklists"
    rgc="rg -w -c --no-messages -e '$REGEX' '$tree'"
    echo "timing ${scale}x ($files files, $mb MB)..." >&2
    sc_wall=$(wall "$sc")
    rg_wall=$(wall "$rgc")
    ratio=$(echo "$sc_wall / $rg_wall" | bc -l | xargs printf "%.1f")
    ROWS+=("$(printf "%-6s %8s %7s %12s %10s %7s %11s %9s" "${scale}x" "$files" "$mb" "$sc_wall" "$rg_wall" "$ratio" "$(peak "$sc")" "$(peak "$rgc")")")
done

printf "%-6s %8s %7s %12s %10s %7s %11s %9s\n" scale files MB "shipcheck s" "rg s" ratio "shipck MB" "rg MB"
printf "%s\n" "${ROWS[@]}"
