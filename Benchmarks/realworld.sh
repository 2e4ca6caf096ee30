#!/usr/bin/env bash
# Runs `shipcheck check` on laid-out real repositories and prints, per repository and rule, how many
# errors, warnings, notes and manual items it reported, then totals per repository. Used to read what
# each finding points at (docs/precision.md) and to compare before/after a change.
# usage: Benchmarks/realworld.sh [--bin PATH] [--json-dir DIR] REPO_DIR...
#   --bin       a built shipcheck (default: release build of this checkout)
#   --json-dir  also keep each repository's JSON report there (REPO.json)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=""
JSON_DIR=""
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) BIN=$2; shift 2 ;;
        --json-dir) JSON_DIR=$2; shift 2 ;;
        --) shift; break ;;
        -*) echo "unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: Benchmarks/realworld.sh [--bin PATH] [--json-dir DIR] REPO_DIR..." >&2; exit 2; }
if [ -z "$BIN" ]; then
    echo "building release..." >&2
    swift build -c release --product shipcheck >&2
    BIN=$(swift build -c release --show-bin-path)/shipcheck
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for repo in "$@"; do
    name=$(basename "$repo")
    set +e
    "$BIN" check "$repo" --format json --fail-on never > "$work/$name.json" 2> "$work/$name.err"
    echo $? > "$work/$name.status"
    set -e
    [ -n "$JSON_DIR" ] && mkdir -p "$JSON_DIR" && cp "$work/$name.json" "$JSON_DIR/$name.json"
done
python3 - "$work" "$@" <<'PY'
import json, os, sys, collections
work, repos = sys.argv[1], sys.argv[2:]
print("| repository | rule | errors | warnings | notes | manual |")
print("|---|---|---:|---:|---:|---:|")
totals = []
for repo in repos:
    name = os.path.basename(repo.rstrip("/"))
    status = open(os.path.join(work, name + ".status")).read().strip()
    try:
        report = json.load(open(os.path.join(work, name + ".json")))
    except Exception:
        err = open(os.path.join(work, name + ".err")).read().strip().splitlines()
        print(f"| {name} | (exit {status}: {err[-1] if err else 'no output'}) | | | | |")
        totals.append((name, status, None))
        continue
    counts = collections.defaultdict(collections.Counter)
    for f in report.get("findings", []):
        counts[f["rule"]][f["severity"]] += 1
    for item in report.get("manual", []):
        counts[item.get("rule", "?")]["manual"] += 1
    for rule in sorted(counts):
        c = counts[rule]
        print(f"| {name} | {rule} | {c['error'] or ''} | {c['warning'] or ''} | {c['info'] + c['note'] or ''} | {c['manual'] or ''} |")
    total = collections.Counter()
    for c in counts.values():
        total.update(c)
    totals.append((name, status, total))
print()
print("| repository | exit | errors | warnings | notes | manual |")
print("|---|---:|---:|---:|---:|---:|")
for name, status, t in totals:
    if t is None:
        print(f"| {name} | {status} | – | – | – | – |")
    else:
        print(f"| {name} | {status} | {t['error']} | {t['warning']} | {t['info'] + t['note']} | {t['manual']} |")
PY
