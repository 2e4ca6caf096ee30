#!/bin/sh
# Time and peak memory of `shipcheck archive` on a generated ~200 MB .ipa and .aab, against `unzip -tq`
# (which also inflates and CRC-checks every entry). Usage: Benchmarks/archive-bench.sh [SHIPCHECK] [OUTDIR]
set -eu
BIN=${1:-.build/release/shipcheck}
OUT=${2:-/tmp/shipcheck-archive-bench}
[ -f "$OUT/large.ipa" ] || python3 "$(dirname "$0")/make-large-archives.py" "$OUT"
ls -l "$OUT/large.ipa" "$OUT/large.aab"
for f in large.ipa large.aab; do
  for tool in shipcheck unzip; do
    if [ $tool = shipcheck ]; then set -- "$BIN" archive "$OUT/$f" -q --color never; else set -- unzip -tq "$OUT/$f"; fi
    /usr/bin/time -v "$@" >/dev/null 2>"$OUT/time.txt" || true
    printf '%s %s: %s s, %s KB peak RSS\n' "$f" "$tool" \
      "$(grep 'Elapsed (wall' "$OUT/time.txt" | sed 's/.*: //')" "$(grep 'Maximum resident' "$OUT/time.txt" | sed 's/.*: //')"
  done
done
