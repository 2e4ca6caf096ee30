#!/usr/bin/env bash
# Speed on real repositories: for each laid-out repository given, the median wall time of `shipcheck check`,
# `facts` and `metadata`, ripgrep searching the same tree for the same symbols in the same languages, and the
# offline peer `app-store-review-risk` (installed from PyPI into .bench/venv by this script), with ratios and
# peak memory, as one Markdown table; then the literal floor (`rg -F` on the same symbols, interleaved with
# `check`, paired ratios: Benchmarks/floor.py), which is what `check` should be measured against.
# usage: Benchmarks/realbench.sh [--bin PATH] [--runs N] [--floor-only] [--archives] [--fresh-clone] [--limit X] REPO_DIR...
#   --bin          a built shipcheck (default: the release build of this checkout, with --static-swift-stdlib as
#                  `make install` and the Homebrew formula build it)
#   --runs         timed runs per command after one warm-up (default 10; the peer runs 3 times)
#   --floor-only   only the literal-floor table (the README's): no peer, no venv (needs python3 with PyYAML)
#   --archives     also a ~200 MB .ipa and .aab (Benchmarks/make-large-archives.py, written once to .bench/archives;
#                  needs the toolchain's clang and plutil), timed in the same table against `unzip -tq`
#   --fresh-clone  then time a fresh clone's first build and test run (git clone of HEAD into a temporary
#                  folder: `swift build --build-tests`, then `swift test`), after the table, so as not to load it
#   --limit        the target for check / floor (default 3): the floor table says pass or OVER per repository
#                  on the paired wall ratio and counts them in its last line
# The README's table (docs/benchmarks.md) is the ten repositories listed there, e.g. on a machine with them laid
# out under /work/corpus:
#   Benchmarks/realbench.sh --floor-only --runs 11 --bin BIN /work/corpus/{IceCubesApp,simplenote-ios,owncloud-ios,Swiftfin,bitwarden-android,Anki-Android,LibreTube,home-assistant-iOS,thunderbird-android,duckduckgo-Android}
# needs: hyperfine, ripgrep, /usr/bin/time (apt-get install hyperfine ripgrep time), python3 with venv.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=""
RUNS=10
FLOOR_ONLY=0
FRESH_CLONE=0
ARCHIVES=0
LIMIT=3
while [ $# -gt 0 ]; do
    case "$1" in
        --floor-only) FLOOR_ONLY=1; shift ;;
        --fresh-clone) FRESH_CLONE=1; shift ;;
        --archives) ARCHIVES=1; shift ;;
        --bin) BIN=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --limit) LIMIT=$2; shift 2 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: Benchmarks/realbench.sh [--bin PATH] [--runs N] REPO_DIR..." >&2; exit 2; }
for tool in hyperfine rg; do
    command -v $tool >/dev/null || { echo "$tool is needed: apt-get install hyperfine ripgrep" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "/usr/bin/time is needed: apt-get install time" >&2; exit 2; }
if [ -z "$BIN" ]; then
    echo "building release..." >&2
    swift build -c release --static-swift-stdlib --product shipcheck >&2
    BIN=$(swift build -c release --static-swift-stdlib --show-bin-path)/shipcheck
fi
BENCH=.bench/realbench
mkdir -p "$BENCH"
GLOBS=(-g '*.swift' -g '*.m' -g '*.mm' -g '*.h' -g '*.kt' -g '*.kts' -g '*.java' -g '*.dart' -g '*.js' -g '*.jsx' -g '*.ts' -g '*.tsx')
floor() { # the literal floor (rg -F), paired and interleaved with check (see floor.py); $1: a python with PyYAML, then the repositories
    local python=$1
    shift
    "$python" Benchmarks/symbols.py --regex rules > "$BENCH/regex.txt"
    "$python" Benchmarks/symbols.py --literals rules > "$BENCH/literals.txt"
    echo "The literal floor (rg -F), $RUNS interleaved rounds, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start:"
    echo
    local archives=()
    if [ "$ARCHIVES" = 1 ]; then
        command -v unzip >/dev/null || { echo "--archives needs unzip: apt-get install unzip" >&2; exit 2; }
        [ -f .bench/archives/large.ipa ] && [ -f .bench/archives/large.aab ] || python3 Benchmarks/make-large-archives.py .bench/archives >&2
        archives=(--archive .bench/archives/large.ipa --archive .bench/archives/large.aab)
    fi
    python3 Benchmarks/floor.py --bin "$BIN" --runs "$RUNS" --limit "$LIMIT" --literals "$BENCH/literals.txt" --regex "$BENCH/regex.txt" "${archives[@]}" "$@"
    echo
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
}
fresh_clone() { # a fresh clone's first build and test run, timed (wall, user and system seconds)
    local clone
    clone=$(mktemp -d)
    git clone --quiet . "$clone/shipcheck"
    echo
    echo "A fresh clone of $(git rev-parse --short HEAD) ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start):"
    echo
    ( cd "$clone/shipcheck" && /usr/bin/time -o "$clone/build.time" -f '- `swift build --build-tests`: %e s wall (%U s user, %S s system CPU)' \
        swift build --build-tests >"$clone/build.log" 2>&1 ) || echo "- the build failed: $(tail -3 "$clone/build.log")"
    cat "$clone/build.time"
    ( cd "$clone/shipcheck" && /usr/bin/time -o "$clone/test.time" -f '- `swift test`: %e s wall (%U s user, %S s system CPU)' \
        swift test >"$clone/test.log" 2>&1 ) || echo "- some tests failed"
    cat "$clone/test.time"
    echo "- $(grep -E '^(✔|✘) Test run with' "$clone/test.log" | tail -1 | sed 's/^. //')"
    echo "- XCTest: $(grep -E 'Executed [0-9]+ tests' "$clone/test.log" | tail -1 | sed 's/^[[:space:]]*//')"
    echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
    rm -rf "$clone"
}
if [ "$FLOOR_ONLY" = 1 ]; then
    python3 -c 'import yaml' 2>/dev/null || { echo "--floor-only needs python3 with PyYAML (apt-get install python3-yaml)" >&2; exit 2; }
    floor python3 "$@"
    [ "$FRESH_CLONE" = 1 ] && fresh_clone
    exit 0
fi
VENV=.bench/venv
if [ ! -x "$VENV/bin/app-store-review-risk" ] || ! "$VENV/bin/python" -c 'import yaml' 2>/dev/null; then
    echo "installing app-store-review-risk and PyYAML into $VENV..." >&2
    python3 -m venv "$VENV" >&2
    "$VENV/bin/pip" install --quiet --disable-pip-version-check app-store-review-risk pyyaml >&2
fi
PEER="$VENV/bin/app-store-review-risk"
# The symbols of every `kind: symbols` table, as one regex, in the languages the scanner reads.
REGEX=$("$VENV/bin/python" Benchmarks/symbols.py --regex rules)
printf '%s\n' "$REGEX" > "$BENCH/regex.txt"

median() { # median wall seconds of a command given as arguments
    local runs=$1; shift
    hyperfine -N --warmup 1 --runs "$runs" --export-json "$BENCH/hf.json" --style none -i "$(printf '%q ' "$@")" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$BENCH/hf.json"
}
peak() { # peak resident MB
    /usr/bin/time -v "$@" 2>&1 >/dev/null | awk -F: '/Maximum resident set size/ { printf "%.0f\n", $2 / 1024 }'
}

echo "| repository | files | check s | facts s | metadata s | rg s | check/rg | peer s | peer/check | check MB |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for repo in "$@"; do
    name=$(basename "$repo")
    files=$(find "$repo" -type f -not -path '*/.git/*' | wc -l)
    check=$(median "$RUNS" "$BIN" check "$repo" --fail-on never -q)
    facts=$(median "$RUNS" "$BIN" facts "$repo")
    metadata=$(median "$RUNS" "$BIN" metadata "$repo" --fail-on never -q)
    rgs=$(median "$RUNS" rg -w -c --no-messages "${GLOBS[@]}" -f "$BENCH/regex.txt" "$repo")
    peer=$(median 3 "$PEER" --format compact-json "$repo")
    mb=$(peak "$BIN" check "$repo" --fail-on never -q)
    ratio=$(python3 -c "print('%.1f' % ($check / $rgs))")
    ahead=$(python3 -c "print('%.0f' % ($peer / $check))")
    echo "| $name | $files | $check | $facts | $metadata | $rgs | ${ratio}× | $peer | ${ahead}× | $mb |"
done
# The real floor: the same symbols as fixed strings (rg -F keeps ripgrep on its literal search; the regex
# above, with \s* and word boundaries, does not), paired and interleaved with check (see floor.py).
echo
floor "$VENV/bin/python" "$@"
[ "$FRESH_CLONE" = 1 ] && fresh_clone
exit 0
