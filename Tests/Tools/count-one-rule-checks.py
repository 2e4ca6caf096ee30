#!/usr/bin/env python3
"""Counts the check functions that serve exactly one rule.

A check function is a `CheckFunction(name: "...")` under Sources/Rules/Checks; its users are the rules whose
`check:` names it in rules/*.yml. Prints `one-rule: N of M (generic: G)` and, with -v, each function with its
rule count. Run from the package root: python3 Tests/Tools/count-one-rule-checks.py [-v] [--check]

With --check it exits 1 when the one-rule count is above the committed ceiling in
Tests/Tools/one-rule-checks.max (CI runs it: .ci/run), so the count can only fall; lower the ceiling in the
commit that lowers the count.
"""
import collections, glob, re, sys

names = {}
for path in glob.glob("Sources/Rules/Checks/**/*.swift", recursive=True):
    for name in re.findall(r'CheckFunction\(\s*name:\s*"([^"]+)"', open(path, encoding="utf-8").read()):
        names[name] = path
uses = collections.Counter()
for path in glob.glob("rules/*.yml"):
    for name in re.findall(r'^\s*check:\s*"?([A-Za-z0-9_.-]+)"?\s*$', open(path, encoding="utf-8").read(), re.M):
        uses[name] += 1
one = sorted(n for n in names if uses[n] == 1)
generic = sum(1 for n, p in names.items() if "/Generic" in p)
print(f"one-rule: {len(one)} of {len(names)} check functions (generic files: {generic}; unused: {sum(1 for n in names if uses[n] == 0)})")
if "-v" in sys.argv:
    for n in sorted(names):
        print(f"  {uses[n]:3d}  {n}  ({names[n]})")
if "--check" in sys.argv:
    ceiling = int(open("Tests/Tools/one-rule-checks.max", encoding="utf-8").read().split()[0])
    if len(one) > ceiling:
        print(f"one-rule check functions rose to {len(one)}, above the committed {ceiling}: make a general check serve "
              "the new rule (a given/compare), or share a function between rules of the same policy", file=sys.stderr)
        sys.exit(1)
    if len(one) < ceiling:
        print(f"one-rule check functions fell to {len(one)}: lower Tests/Tools/one-rule-checks.max to {len(one)}")
