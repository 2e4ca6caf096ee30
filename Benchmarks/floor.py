#!/usr/bin/env python3
"""`shipcheck check` against the real floor: ripgrep searching the same tree for the checklists' symbols.

usage: floor.py --bin SHIPCHECK [--runs N] [--regex FILE] --literals FILE [--archive FILE]... REPO_DIR...

Per repository, N rounds (default 11), each running in turn: `shipcheck check`, the literal floor
(`rg -F --hidden --no-ignore -c -f LITERALS` over the languages the scanner reads) and, when --regex is
given, the older regex figure (`rg -w -f REGEX`, whose `\\s*` and word boundaries turn ripgrep's literal
search off). Interleaved, so that load from other processes falls on all of them alike. Prints one
Markdown row per repository: its file count, median seconds of each, the median of the per-round ratios
check/literal (and check/regex) — a paired ratio, steadier on a shared machine than a ratio of medians —,
the same paired ratio of CPU time (user + system, which other processes' load changes far less than wall
time), and `check`'s peak resident memory (the largest over the rounds, from the kernel's rusage).
The load average before and after each repository goes to stderr, to be quoted with the figures.

The target is `check` within --limit (default 3) times the literal floor on every repository: each row says
`pass` or `OVER` on its paired wall ratio, and a last line counts them (with --fail-over, the exit status is 1
when some repository is over). Archives are compared with their own floor and not counted.

Each --archive (a built .ipa or .aab) gives one more row in the same table, whose floor is `unzip -tq`
(which reads, inflates and CRC-checks every entry, as `shipcheck archive` streams through them): the same
interleaved rounds, paired ratios and peak memory.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time
import zipfile

GLOBS = ["*.swift", "*.m", "*.mm", "*.h", "*.kt", "*.kts", "*.java", "*.dart", "*.js", "*.jsx", "*.ts", "*.tsx",
         "*.c", "*.cpp"]


def run(command):
    """Wall seconds, CPU seconds (user + system) and peak resident MB of one run."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def ratio(value):
    """One decimal, two below 1 (an archive read far faster than its floor would otherwise show 0.1×)."""
    return f"{value:.2f}×" if value < 1 else f"{value:.1f}×"


def files(repo):
    count = 0
    for folder, subfolders, names in os.walk(repo):
        subfolders[:] = [name for name in subfolders if name != ".git"]
        count += len(names)
    return count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--literals", required=True)
    parser.add_argument("--regex")
    parser.add_argument("--archive", action="append", default=[])
    parser.add_argument("--limit", type=float, default=3.0, help="the target: check / floor at most this (paired wall ratio)")
    parser.add_argument("--fail-over", action="store_true", help="exit 1 when some repository is over --limit")
    parser.add_argument("repos", nargs="*")
    args = parser.parse_args()
    globs = [flag for glob in GLOBS for flag in ("-g", glob)]
    limit = f"{args.limit:g}×"
    print(f"| repository or archive | files | check s | floor s | check / floor | ≤ {limit} | CPU check / floor | rg regex s | check / rg regex | check peak MB |")
    print("|---|---:|---:|---:|---:|:---:|---:|---:|---:|---:|")
    over = []
    within = 0
    inputs = [(repo, False) for repo in args.repos] + [(archive, True) for archive in args.archive]
    for repo, is_archive in inputs:
        if is_archive:
            commands = {
                "check": [args.bin, "archive", repo, "--fail-on", "never", "-q"],
                "literal": ["unzip", "-tq", repo],
            }
        else:
            commands = {
                "check": [args.bin, "check", repo, "--fail-on", "never", "-q"],
                "literal": ["rg", "-F", "--hidden", "--no-ignore", "-c", "--no-messages", *globs, "-f", args.literals, repo],
            }
            if args.regex:
                commands["regex"] = ["rg", "-w", "-c", "--no-messages", *globs, "-f", args.regex, repo]
        print(f"{repo}: load average before {os.getloadavg()[0]:.1f}", file=sys.stderr)
        for command in commands.values():
            run(command)  # warm-up: the file cache
        wall = {name: [] for name in commands}
        cpu = {name: [] for name in commands}
        peak = 0.0
        for _ in range(args.runs):
            for name, command in commands.items():
                seconds, cpu_seconds, megabytes = run(command)
                wall[name].append(seconds)
                cpu[name].append(cpu_seconds)
                if name == "check":
                    peak = max(peak, megabytes)
        med = {name: statistics.median(values) for name, values in wall.items()}
        paired = statistics.median(c / l for c, l in zip(wall["check"], wall["literal"]))
        paired_cpu = statistics.median(c / max(l, 1e-3) for c, l in zip(cpu["check"], cpu["literal"]))
        name = repo.rstrip("/").split("/")[-1]
        if is_archive:
            name += f" ({os.path.getsize(repo) / 1e6:.0f} MB, floor unzip -tq)"
            with zipfile.ZipFile(repo) as archive:
                count = f"{len(archive.infolist()):,} entries"
        else:
            name += " (floor rg -F)"
            count = f"{files(repo):,}"
        verdict = "pass" if paired <= args.limit else "OVER"
        if not is_archive:
            if paired <= args.limit:
                within += 1
            else:
                over.append(f"{repo.rstrip('/').split('/')[-1]} {ratio(paired)}")
        row = [name, count, f"{med['check']:.3f}", f"{med['literal']:.3f}", ratio(paired), verdict, ratio(paired_cpu)]
        if args.regex and not is_archive:
            paired_regex = statistics.median(c / r for c, r in zip(wall["check"], wall["regex"]))
            row += [f"{med['regex']:.3f}", ratio(paired_regex)]
        else:
            row += ["–", "–"]
        row.append(f"{peak:.0f}")
        print("| " + " | ".join(row) + " |")
        print(f"{repo}: load average after {os.getloadavg()[0]:.1f}", file=sys.stderr)
        sys.stdout.flush()
    if args.repos:
        print()
        print(f"check within {limit} the literal floor (median paired wall ratio) on {within} of {len(args.repos)} repositories"
              + (f"; over: {', '.join(over)}" if over else ""))
    if over and args.fail_over:
        sys.exit(1)


if __name__ == "__main__":
    main()
