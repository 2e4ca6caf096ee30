#!/usr/bin/env python3
"""Two shipcheck builds against each other: `check` on each repository, the builds run in turn, round after round.

usage: ab.py BEFORE AFTER ROUNDS REPO_DIR...

Prints per repository the median wall time of each build and the median of the per-round ratios after/before of
wall time and of CPU time (user + system): a paired ratio, which load from other processes moves far less than
a ratio of medians on a shared machine. Below 1: the second build is faster. One warm-up run of each first.
"""
import os
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    before, after, rounds, repos = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
    for repo in repos:
        commands = [[binary, "check", repo, "--fail-on", "never", "-q"] for binary in (before, after)]
        for command in commands:
            run(command)
        walls = ([], [])
        wall_ratios, cpu_ratios = [], []
        for _ in range(rounds):
            (wall_a, cpu_a), (wall_b, cpu_b) = run(commands[0]), run(commands[1])
            walls[0].append(wall_a)
            walls[1].append(wall_b)
            wall_ratios.append(wall_b / wall_a)
            cpu_ratios.append(cpu_b / max(cpu_a, 1e-3))
        print(f"{repo.rstrip('/').split('/')[-1]:40s} before {statistics.median(walls[0]) * 1000:6.1f} ms  "
              f"after {statistics.median(walls[1]) * 1000:6.1f} ms  after/before wall {statistics.median(wall_ratios):.3f} "
              f"cpu {statistics.median(cpu_ratios):.3f}")


if __name__ == "__main__":
    main()
