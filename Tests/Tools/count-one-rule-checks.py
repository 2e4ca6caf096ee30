#!/usr/bin/env python3
"""Counts the check functions that serve exactly one rule.

A check function is a `CheckFunction(name: "...")` under Sources/Rules/Checks; its users are the rules whose
`check:` names it in rules/*.yml. Prints `one-rule: N of M (generic: G)` and, with -v, each function with its
rule count. Run from the package root: python3 Tests/Tools/count-one-rule-checks.py [-v]
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
