#!/usr/bin/env bash
# Does `shipcheck check` scale linearly with the size of a real repository? For each laid-out repository given,
# builds trees of 1x, 2x and 4x its files (that many copies side by side inside one root, hard-linked when the
# file system allows, so the copies cost no disk), times `shipcheck check ROOT` on each with hyperfine (median
# after one warm-up, warm cache) and prints one Markdown table: files, median, time per 1,000 files and the
# ratio to 1x (linear: the ratio equals the scale, and the time per 1,000 files stays flat).
# The 1x tree is one copy inside its own root too, so every scale walks the same layout.
#
# usage: Benchmarks/linearity.sh [--bin PATH] [--runs N] [--scales "1 2 4"] REPO_DIR...
#   --bin     a built shipcheck (default: the release build of this checkout)
#   --runs    timed runs per tree after one warm-up (default 10)
#   --scales  copies per tree (default "1 2 4"; the first is the base of the ratio)
# needs: hyperfine (apt-get install hyperfine), python3. The trees live in a temporary folder, removed on exit.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=""
RUNS=10
SCALES="1 2 4"
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) BIN=$2; shift 2 ;;
        --runs) RUNS=$2; shift 2 ;;
        --scales) SCALES=$2; shift 2 ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: Benchmarks/linearity.sh [--bin PATH] [--runs N] [--scales \"1 2 4\"] REPO_DIR..." >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
for repo in "$@"; do
    [ -d "$repo" ] || { echo "$repo: not a folder" >&2; exit 2; }
done
if [ -z "$BIN" ]; then
    echo "building release..." >&2
    swift build -c release --product shipcheck >&2
    BIN=$(swift build -c release --show-bin-path)/shipcheck
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

WORK=$(mktemp -d "${TMPDIR:-/tmp}/shipcheck-linearity.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

median() { # median wall seconds of a command given as arguments
    hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$WORK/hf.json" --style none -i "$(printf '%q ' "$@")" >/dev/null 2>&1
    python3 -c 'import json,sys; print("%.3f" % json.load(open(sys.argv[1]))["results"][0]["median"])' "$WORK/hf.json"
}

echo "| repository | scale | files | median s | ms per 1,000 files | ratio to ${SCALES%% *}x |"
echo "|---|---:|---:|---:|---:|---:|"
for repo in "$@"; do
    name=$(basename "$repo")
    base=""
    for scale in $SCALES; do
        root="$WORK/$name-${scale}x"
        mkdir -p "$root"
        for i in $(seq "$scale"); do
            # Hard links when the temporary folder is on the repository's file system, else a real copy.
            cp -al "$repo" "$root/copy-$i" 2>/dev/null || { rm -rf "$root/copy-$i"; cp -a "$repo" "$root/copy-$i"; }
        done
        files=$(find "$root" -type f -not -path '*/.git/*' | wc -l)
        echo "timing $name ${scale}x ($files files)..." >&2
        seconds=$(median "$BIN" check "$root" --fail-on never -q)
        [ -n "$base" ] || base=$seconds
        per=$(python3 -c 'import sys; print("%.1f" % (float(sys.argv[1]) * 1e6 / int(sys.argv[2])))' "$seconds" "$files")
        ratio=$(python3 -c 'import sys; print("%.2f" % (float(sys.argv[1]) / float(sys.argv[2])))' "$seconds" "$base")
        echo "| $name | ${scale}x | $files | $seconds | $per | $ratio |"
        rm -rf "$root"
    done
done
