#!/usr/bin/env python3
"""Markdown tables from one or two recall JSON files (recall.py --json):

    Benchmarks/recall/table.py BEFORE.json [AFTER.json]

Prints recall overall, by store, by checklist and by class (with the repositories each class was seeded in), and
with two files a before/after column pair. Standard library only.
"""
import json
import sys


def load(path):
    with open(path) as handle:
        return json.load(handle)


def cell(t):
    if not t or not t.get("seeded"):
        return "-"
    return f"{t['caught']}/{t['seeded']} ({100 * t['caught'] / t['seeded']:.0f}%)"


def main(argv):
    if not argv or len(argv) > 2:
        print(__doc__, file=sys.stderr)
        return 2
    runs = [load(p) for p in argv]
    head = "| | before |" + (" after |" if len(runs) == 2 else "")
    rule = "|---|---|" + ("---|" if len(runs) == 2 else "")
    first = runs[0]
    print(f"Repositories ({len(first['repos'])}): " + ", ".join(first["repos"]) + "\n")
    s = [r["summary"] for r in runs]
    print(head.replace("| |", "| overall |", 1))
    print(rule)
    print("| recall | " + " | ".join(cell(x["overall"]) for x in s) + " |")
    print("| controls: false alarms / runs | " + " | ".join(
        f"{x['controls']['false_alarms']}/{x['controls']['run']}" for x in s) + " |")
    # Classes whose expected outcome is a manual item or a note: counted apart from the recall above.
    for k in sorted(set().union(*(x.get("side_outcomes", {}) for x in s))):
        print(f"| expected {k} items (not in the recall) | " + " | ".join(cell(x.get("side_outcomes", {}).get(k)) for x in s) + " |")
    print()
    for key, label in (("by_store", "store"), ("by_checklist", "checklist")):
        print(head.replace("| |", f"| {label} |", 1))
        print(rule)
        for k in sorted(set().union(*(x[key] for x in s))):
            print(f"| {k} | " + " | ".join(cell(x[key].get(k)) for x in s) + " |")
        print()
    print(head.replace("| |", "| class (store, checklist) |", 1).rstrip("|") + "| no target | seeded in |")
    print(rule + "---|---|")
    where = {}
    for r in first["results"]:
        if r["status"] in ("caught", "missed"):
            mark = "" if r["status"] == "caught" else " (missed)"
            where.setdefault(r["class"], []).append(r["repo"] + mark)
    for c in first["classes"]:
        if c["control"]:
            continue
        name = c["name"]
        nt = s[0]["no_target"].get(name, 0)
        kind = "" if c.get("outcome", "graded") == "graded" else f", expects {c['outcome']}"
        print(f"| {name} ({c['store']}, {c['checklist']}{kind}) | " + " | ".join(cell(x["by_class"].get(name)) for x in s)
              + f" | {nt} | {', '.join(where.get(name, [])) or '-'} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
