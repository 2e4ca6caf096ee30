#!/usr/bin/env python3
"""`shipcheck check` against the real floor: ripgrep searching the same tree for the checklists' symbols.

usage: floor.py --bin SHIPCHECK [--runs N] [--regex FILE] --literals FILE REPO_DIR...

Per repository, N rounds (default 11), each running in turn: `shipcheck check`, the literal floor
(`rg -F --hidden --no-ignore -c -f LITERALS` over the languages the scanner reads) and, when --regex is
given, the older regex figure (`rg -w -f REGEX`, whose `\\s*` and word boundaries turn ripgrep's literal
search off). Interleaved, so that load from other processes falls on all of them alike. Prints one
Markdown row per repository: median seconds of each, and the median of the per-round ratios
check/literal (and check/regex) — a paired ratio, steadier on a shared machine than a ratio of medians.
"""
import argparse
import statistics
import subprocess
import sys
import time

GLOBS = ["*.swift", "*.m", "*.mm", "*.h", "*.kt", "*.kts", "*.java", "*.dart", "*.js", "*.jsx", "*.ts", "*.tsx",
         "*.c", "*.cpp"]


def wall(command):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--literals", required=True)
    parser.add_argument("--regex")
    parser.add_argument("repos", nargs="+")
    args = parser.parse_args()
    globs = [flag for glob in GLOBS for flag in ("-g", glob)]
    print("| repository | check s | rg -F s | check / rg -F | rg regex s | check / rg regex |")
    print("|---|---:|---:|---:|---:|---:|")
    for repo in args.repos:
        commands = {
            "check": [args.bin, "check", repo, "--fail-on", "never", "-q"],
            "literal": ["rg", "-F", "--hidden", "--no-ignore", "-c", "--no-messages", *globs, "-f", args.literals, repo],
        }
        if args.regex:
            commands["regex"] = ["rg", "-w", "-c", "--no-messages", *globs, "-f", args.regex, repo]
        for command in commands.values():
            wall(command)  # warm-up: the file cache
        times = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, command in commands.items():
                times[name].append(wall(command))
        med = {name: statistics.median(values) for name, values in times.items()}
        paired = statistics.median(c / l for c, l in zip(times["check"], times["literal"]))
        row = [repo.rstrip("/").split("/")[-1], f"{med['check']:.3f}", f"{med['literal']:.3f}", f"{paired:.1f}×"]
        if args.regex:
            paired_regex = statistics.median(c / r for c, r in zip(times["check"], times["regex"]))
            row += [f"{med['regex']:.3f}", f"{paired_regex:.1f}×"]
        else:
            row += ["–", "–"]
        print("| " + " | ".join(row) + " |")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
