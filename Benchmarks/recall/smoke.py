#!/usr/bin/env python3
"""CI smoke for the recall harness: seeds a fixed set of defects into Examples/TodoCloud and the fixture trees,
and fails unless each listed class is caught where it is listed and every control stays silent.

    Benchmarks/recall/smoke.py --bin PATH

Standard library only; takes seconds. The lists below are what shipcheck catches today: a class that stops being
caught is a recall regression (fix the detection, or the mutator if the fixture changed), a new catch is welcome
(add it here).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# tree -> classes that must be caught there.
EXPECTED = {
    "TodoCloud": ["asc-name-over-30", "asc-keywords-over-100", "asc-locale-folder", "play-locale-folder",
                  "play-short-description-over-80", "required-reason-api-added", "uiwebview-added",
                  "swift-login-without-apple", "exported-missing", "manifest-debuggable", "restricted-permission-sms"],
    "android-catalog": ["play-title-over-30", "play-changelog-over-500", "target-sdk-at-source",
                        "foreground-service-permission-removed", "restricted-permission-all-files-in-library",
                        "restricted-permission-install-in-library", "exported-missing"],
    "ios-app": ["purpose-string-removed", "purpose-string-empty", "privacy-manifest-deleted",
                "privacy-manifest-category-removed", "privacy-manifest-invalid-reason", "tracking-without-att",
                "signup-without-deletion-ios"],
}
CONTROLS = ["control-source-comment", "control-manifest-comment", "control-test-manifest", "control-old-changelog",
            "control-unused-folder", "control-test-source"]
TREES = {"TodoCloud": os.path.join(REPO, "Examples", "TodoCloud"),
         "android-catalog": os.path.join(HERE, "fixtures", "android-catalog"),
         "ios-app": os.path.join(HERE, "fixtures", "ios-app")}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", required=True)
    args = ap.parse_args()
    classes = sorted({c for cs in EXPECTED.values() for c in cs} | set(CONTROLS))
    with tempfile.TemporaryDirectory(prefix="recall-smoke-") as tmp:
        out = os.path.join(tmp, "recall.json")
        proc = subprocess.run([sys.executable, os.path.join(HERE, "recall.py"), "--bin", args.bin, "--quiet",
                               "--json", out, "--classes", ",".join(classes)] + list(TREES.values()),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode != 0:
            print(proc.stdout)
            print(f"recall smoke: recall.py exited {proc.returncode}", file=sys.stderr)
            return 1
        with open(out) as handle:
            data = json.load(handle)
    status = {(r["repo"], r["class"]): r for r in data["results"]}
    failures = []
    for tree, names in EXPECTED.items():
        for name in names:
            row = status.get((tree, name), {})
            if row.get("status") != "caught":
                said = "; ".join(f"{n['severity']} {n['rule']} at {n['path']}" for n in row.get("new", [])[:3])
                failures.append(f"{name} in {tree}: {row.get('status')} ({row.get('reason') or row.get('what')})"
                                + (f"; new: {said}" if said else ""))
    silent = 0
    for (tree, name), row in status.items():
        if name in CONTROLS:
            if row["status"] == "false-alarm":
                said = "; ".join(f"{n['severity']} {n['rule']} at {n['path']}" for n in row.get("new", [])[:3])
                failures.append(f"control {name} in {tree} raised: {said}")
            elif row["status"] == "silent":
                silent += 1
            elif row["status"] == "error":
                failures.append(f"control {name} in {tree}: harness error {row.get('reason')}")
    caught = sum(len(v) for v in EXPECTED.values()) - sum(1 for f in failures if not f.startswith("control"))
    print(f"recall smoke: {caught}/{sum(len(v) for v in EXPECTED.values())} expected catches, "
          f"{silent} control run(s) silent")
    if failures:
        for f in failures:
            print("  " + f, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
