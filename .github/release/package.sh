#!/usr/bin/env bash
# Strips a release build of shipcheck, checks that it runs (the README's example exits 1), and writes
# dist/shipcheck-TAG-PLATFORM.tar.gz with its SHA-256 next to it. Used by .github/workflows/release.yml;
# tested by Tests/CLITests/ReleaseTests.swift.
#   usage: package.sh BINARY TAG PLATFORM   (run from the repository's root; DIST: the output folder, default dist)
set -euo pipefail
binary=$1 tag=$2 platform=$3
dist=${DIST:-dist}
name="shipcheck-$tag-$platform"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$binary" "$work/shipcheck"
# Symbols only: the binary keeps working, and shrinks (84 MB unstripped on Linux).
if [ "$(uname)" = "Darwin" ]; then strip -S -x "$work/shipcheck"; else strip --strip-all "$work/shipcheck"; fi
"$work/shipcheck" --version
set +e
"$work/shipcheck" check Examples/TodoCloud --quiet > /dev/null
status=$?
set -e
if [ "$status" -ne 1 ]; then
    echo "the stripped binary exited $status on Examples/TodoCloud; the README says 1" >&2
    exit 1
fi
mkdir -p "$dist"
tar -czf "$dist/$name.tar.gz" -C "$work" shipcheck
if command -v sha256sum > /dev/null; then hasher="sha256sum"; else hasher="shasum -a 256"; fi
(cd "$dist" && $hasher "$name.tar.gz" > "$name.tar.gz.sha256")
ls -l "$dist/$name.tar.gz"
cat "$dist/$name.tar.gz.sha256"
