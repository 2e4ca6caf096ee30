#!/usr/bin/env python3
"""Recall of shipcheck on laid-out repositories: seed one realistic release defect at a time into a hard-link copy,
run `shipcheck check` on the copy and on the original, and count a catch when a NEW error or warning of an expected
rule appears at the expected file. Python 3 standard library only.

    Benchmarks/recall/recall.py --bin PATH [--json OUT] [--classes a,b] [--jobs 1|2] REPO...

See Benchmarks/recall/README.md.
"""
import argparse
import collections
import concurrent.futures
import fnmatch
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from recall_lib import registry  # noqa: E402
from recall_lib.base import NoTarget  # noqa: E402
from recall_lib.tree import Tree, hardlink_copy, list_files, revert, same_inode  # noqa: E402

GRADED = ("error", "warning")


def run_check(binary, root, timeout):
    """The JSON report of `check` run in root (paths come back relative to it: no .git above a copy): its findings
    and the rule ids of its manual items, as a dict {"findings": [...], "manual": [...]}."""
    started = time.time()
    proc = subprocess.run([binary, "check", "--format", "json", "--fail-on", "never", "."], cwd=root,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"check exited {proc.returncode}: {proc.stderr.decode(errors='replace')[-400:]}")
    report = json.loads(proc.stdout.decode("utf-8", errors="replace"))
    return {"findings": report.get("findings", []), "manual": [m.get("rule", "") for m in report.get("manual", [])]}, \
        time.time() - started


def keyed(findings):
    """Graded findings counted by (rule, path): a line shift is not a new finding, a second one at a file is."""
    return collections.Counter((f["rule"], f.get("path", "")) for f in findings if f.get("severity") in GRADED)


def expected(cls, rule):
    return any(fnmatch.fnmatchcase(rule, pattern) for pattern in cls.rules)


def strip_digits(text):
    return "".join(ch for ch in (text or "") if not ch.isdigit())


def compare_side(cls, seeded, before, after):
    """A class whose expected outcome is a manual item or a note (cls.outcome): caught when one of its rules
    appears in the copy's manual items (not in the original's), or as a note at a seeded file (scope project:
    anywhere) that the original does not have. Errors and warnings are listed too, as what shipcheck also said."""
    if cls.outcome == "manual":
        had = set(before["manual"])
        hits = sorted({r for r in after["manual"] if r not in had and expected(cls, r)})
        said = [{"rule": r, "severity": "manual", "path": "", "message": ""} for r in hits]
    else:
        had = collections.Counter((f["rule"], f.get("path", "")) for f in before["findings"] if f.get("severity") == "info")
        now = collections.Counter((f["rule"], f.get("path", "")) for f in after["findings"] if f.get("severity") == "info")
        said = [{"rule": r, "severity": "info", "path": p, "message": ""} for (r, p) in (now - had)
                if expected(cls, r) and (cls.scope == "project" or p in seeded.files)]
    graded = compare_graded(cls, seeded, before["findings"], after["findings"])[1]
    return ("caught" if said else "missed"), graded, said


def compare(cls, seeded, before, after):
    """before/after: run_check's reports."""
    if cls.outcome != "graded":
        return compare_side(cls, seeded, before, after)
    return compare_graded(cls, seeded, before["findings"], after["findings"])


def compare_graded(cls, seeded, before, after):
    new_keys = keyed(after) - keyed(before)
    old_messages = collections.Counter((f["rule"], f.get("path", ""), strip_digits(f.get("message")))
                                       for f in before if f.get("severity") in GRADED)
    new = []
    for f in after:
        if f.get("severity") not in GRADED:
            continue
        k = (f["rule"], f.get("path", ""))
        km = (f["rule"], f.get("path", ""), strip_digits(f.get("message")))
        if new_keys.get(k, 0) > 0:
            new_keys[k] -= 1
        elif old_messages.get(km, 0) > 0:
            old_messages[km] -= 1
            continue
        new.append({"rule": f["rule"], "severity": f["severity"], "path": f.get("path", ""),
                    "line": f.get("line"), "message": f.get("message", "")[:300]})
    # Expected rules that appeared only as notes, or at another file: what shipcheck did say.
    seen_before = collections.Counter((f["rule"], f.get("path", ""), f.get("severity")) for f in before)
    quiet = []
    for f in after:
        k = (f["rule"], f.get("path", ""), f.get("severity"))
        if expected(cls, f["rule"]) and seen_before.get(k, 0) == 0:
            quiet.append({"rule": f["rule"], "severity": f["severity"], "path": f.get("path", ""),
                          "message": f.get("message", "")[:300]})
    if cls.control:
        return ("false-alarm" if new else "silent"), new, quiet
    for f in new:
        if expected(cls, f["rule"]) and (cls.scope == "project" or f["path"] in seeded.files):
            return "caught", new, quiet
    return "missed", new, quiet


def run_repo(repo, classes, binary, timeout, log):
    """binary None: seed only (checks the mutators: where each finds its target), no shipcheck run."""
    name = os.path.basename(os.path.normpath(repo))
    results = []
    files = list_files(repo)
    work = tempfile.mkdtemp(prefix="recall-")
    copy = os.path.join(work, name)
    copied = False  # one hard-link copy per repository, put back after each class (or made again)
    try:
        # The original is checked as an untouched copy in the same place as the mutated ones, so that paths
        # (relative to the folder holding .git, or to the copy outside a repository) compare one to one.
        if binary:
            hardlink_copy(repo, copy)
            copied = True
        before, secs = run_check(binary, copy, timeout) if binary else ({"findings": [], "manual": []}, 0.0)
    except Exception as exc:  # the original cannot be checked: every class is an error here
        shutil.rmtree(work, ignore_errors=True)
        log(f"{name}: check on the original failed: {exc}")
        return [{"repo": name, "class": c.name, "status": "error", "reason": f"original: {exc}"} for c in classes]
    log(f"{name}: {len(files)} files, original checked in {secs:.1f}s")
    shared = {}
    try:
        for cls in classes:
            row = {"repo": name, "class": cls.name}
            tree = Tree(repo, copy, files, shared)
            tree.copied = copied
            tree.before = before["findings"]
            tree.before_manual = set(before["manual"])
            try:
                baseline = before
                try:
                    if cls.prepare:
                        cls.prepare(tree)
                    if cls.prepare and binary:
                        # The control's setting is its baseline: only what the seed adds must stay silent.
                        baseline, _ = run_check(binary, copy, timeout)
                        tree.before = baseline["findings"]
                    seeded = cls.seed(tree)
                except NoTarget as exc:
                    row.update(status="no-target", reason=str(exc))
                    continue
                if not tree.copied:
                    raise RuntimeError("the mutator returned a seed without writing anything")
                # The original must be untouched: every changed name in the copy has its own inode now.
                for rel in tree.changed:
                    if os.path.isfile(os.path.join(copy, rel)) and same_inode(os.path.join(copy, rel),
                                                                              os.path.join(repo, rel)):
                        raise RuntimeError(f"{rel} still shares the original's inode after a write")
                if not binary:
                    row.update(status="seeded", files=seeded.files, what=seeded.what, shape=seeded.shape,
                               changed=sorted(set(tree.changed)))
                    continue
                after, secs = run_check(binary, copy, timeout)
                status, new, quiet = compare(cls, seeded, baseline, after)
                row.update(status=status, files=seeded.files, what=seeded.what, shape=seeded.shape, new=new,
                           quiet=quiet, changed=sorted(set(tree.changed)), seconds=round(secs, 1))
            except Exception as exc:
                row.update(status="error", reason=f"{type(exc).__name__}: {exc}",
                           trace=traceback.format_exc(limit=3)[-800:])
            finally:
                results.append(row)
                copied = tree.copied
                if copied and tree.changed:
                    copied = restore(tree, files)
                if row["status"] not in ("no-target",):
                    log(f"{name}: {cls.name}: {row['status']}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results


def restore(tree, files):
    """Reverts the copy; True when it is the original again (same listing, changed names linked back), else the
    copy is removed so that the next class starts from a fresh `cp -al`."""
    try:
        revert(tree)
        ok = True
        for r in set(tree.changed):
            orig, mine = os.path.join(tree.original, r), os.path.join(tree.root, r)
            if os.path.lexists(orig) != os.path.lexists(mine):
                ok = False
            elif os.path.isfile(orig) and not same_inode(orig, mine):
                ok = False
            elif os.path.isdir(orig) and sorted(os.listdir(orig)) != sorted(os.listdir(mine)):
                ok = False
    except Exception:
        ok = False
    if not ok:
        shutil.rmtree(tree.root, ignore_errors=True)
    return ok


def pct(c, n):
    return f"{100 * c / n:.0f}%" if n else "-"


def summarize(classes, results):
    by = {c.name: c for c in classes}
    tally = lambda: {"seeded": 0, "caught": 0}  # noqa: E731
    per_class, per_store, per_checklist = {}, {}, {}
    overall = tally()
    controls = {"run": 0, "false_alarms": 0}
    side = {}  # outcome ("manual", "note") -> {"all": tally}
    no_target = collections.Counter()
    for r in results:
        cls = by[r["class"]]
        if r["status"] == "no-target":
            no_target[cls.name] += 1
        if cls.control:
            if r["status"] in ("silent", "false-alarm"):
                controls["run"] += 1
                controls["false_alarms"] += r["status"] == "false-alarm"
            continue
        if r["status"] not in ("caught", "missed"):
            continue
        if cls.outcome != "graded":  # a manual item or a note: its own tally, never in the error/warning recall
            for table, key in ((per_class, cls.name), (side.setdefault(cls.outcome, {}), "all")):
                t = table.setdefault(key, tally())
                t["seeded"] += 1
                t["caught"] += r["status"] == "caught"
            continue
        for table, key in ((per_class, cls.name), (per_store, cls.store), (per_checklist, cls.checklist)):
            t = table.setdefault(key, tally())
            t["seeded"] += 1
            t["caught"] += r["status"] == "caught"
        overall["seeded"] += 1
        overall["caught"] += r["status"] == "caught"
    side = {k: v["all"] for k, v in side.items()}
    for table in (per_class, per_store, per_checklist, {"overall": overall}, side):
        for t in table.values():
            t["recall"] = round(t["caught"] / t["seeded"], 3) if t["seeded"] else None
    return {"overall": overall, "by_class": per_class, "by_store": per_store, "by_checklist": per_checklist,
            "controls": controls, "no_target": dict(no_target), "side_outcomes": side}


def print_report(classes, results, summary, out=sys.stdout):
    w = out.write
    s = summary
    w(f"\nRecall: {s['overall']['caught']}/{s['overall']['seeded']} = {pct(s['overall']['caught'], s['overall']['seeded'])}"
      f"   controls: {s['controls']['false_alarms']} false alarm(s) in {s['controls']['run']} run(s)\n")
    for k, t in sorted(s.get("side_outcomes", {}).items()):
        w(f"Expected {k} items (counted apart, not in the recall above): {t['caught']}/{t['seeded']}"
          f" = {pct(t['caught'], t['seeded'])}\n")
    w("\nBy store:\n")
    for k, t in sorted(s["by_store"].items()):
        w(f"  {k:10} {t['caught']:4}/{t['seeded']:<4} {pct(t['caught'], t['seeded']):>5}\n")
    w("\nBy checklist:\n")
    for k, t in sorted(s["by_checklist"].items()):
        w(f"  {k:22} {t['caught']:4}/{t['seeded']:<4} {pct(t['caught'], t['seeded']):>5}\n")
    w("\nBy class (seeded = caught + missed; no target is neither):\n")
    for c in classes:
        t = s["by_class"].get(c.name, {"seeded": 0, "caught": 0})
        nt = s["no_target"].get(c.name, 0)
        if c.control:
            rows = [r for r in results if r["class"] == c.name and r["status"] in ("silent", "false-alarm")]
            fa = sum(r["status"] == "false-alarm" for r in rows)
            w(f"  {c.name:34} control  {len(rows) - fa:3}/{len(rows):<3} silent  (no target {nt})\n")
            continue
        side = "" if c.outcome == "graded" else f"  [expects a {c.outcome} item]"
        w(f"  {c.name:34} {c.store:8} {t['caught']:3}/{t['seeded']:<3} {pct(t['caught'], t['seeded']):>5}"
          f"  (no target {nt}){side}\n")
    misses = [r for r in results if r["status"] == "missed"]
    if misses:
        w("\nMisses:\n")
        for r in misses:
            said = "; ".join(f"{q['severity']} {q['rule']} at {q['path']}" for q in r.get("quiet", [])[:2])
            other = "; ".join(f"{q['severity']} {q['rule']} at {q['path']}" for q in r.get("new", [])[:2])
            w(f"  {r['class']} in {r['repo']} [{r.get('shape')}]: {r.get('what')}\n")
            if said:
                w(f"      expected rule said: {said}\n")
            if other:
                w(f"      other new findings: {other}\n")
    alarms = [r for r in results if r["status"] == "false-alarm"]
    if alarms:
        w("\nFalse alarms on controls:\n")
        for r in alarms:
            w(f"  {r['class']} in {r['repo']}: {r.get('what')}: "
              + "; ".join(f"{q['severity']} {q['rule']} at {q['path']}" for q in r["new"][:3]) + "\n")
    errors = [r for r in results if r["status"] == "error"]
    if errors:
        w("\nHarness errors (neither catch nor miss):\n")
        for r in errors:
            w(f"  {r['class']} in {r['repo']}: {r.get('reason')}\n")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", help="the shipcheck binary to measure (required unless --list)")
    ap.add_argument("--json", help="write the results and the summary as JSON here")
    ap.add_argument("--classes", help="comma-separated class names (default: all, controls included)")
    ap.add_argument("--jobs", type=int, default=1, choices=(1, 2), help="repositories checked at once (at most 2)")
    ap.add_argument("--timeout", type=int, default=900, help="seconds per check run")
    ap.add_argument("--list", action="store_true", help="list the classes and exit")
    ap.add_argument("--merge", help="a previous --json: its rows for the classes not run now are kept (re-run a few "
                                    "classes after fixing a mutator)")
    ap.add_argument("--seed-only", action="store_true", help="seed each class and print where, run no check")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    ap.add_argument("repos", nargs="*")
    args = ap.parse_args(argv)

    classes = registry.all_classes()
    if args.list:
        for c in classes:
            side = "" if c.outcome == "graded" else f" ({c.outcome})"
            print(f"{c.name:34} {'control' if c.control else c.store:8} {c.checklist:22} {','.join(c.rules)}{side}")
        return 0
    if args.classes:
        wanted = [x.strip() for x in args.classes.split(",") if x.strip()]
        unknown = [x for x in wanted if x not in {c.name for c in classes}]
        if unknown:
            ap.error("unknown class(es): " + ", ".join(unknown))
        classes = [c for c in classes if c.name in wanted]
    if not args.bin and not args.seed_only:
        ap.error("--bin is required")
    if not args.repos:
        ap.error("give at least one laid-out repository")
    binary = None if args.seed_only else os.path.abspath(args.bin)
    repos = [os.path.abspath(r) for r in args.repos]
    for r in repos:
        if not os.path.isdir(r):
            ap.error(f"not a folder: {r}")

    def log(msg):
        if not args.quiet:
            print(msg, file=sys.stderr, flush=True)

    results = []
    done = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_repo, r, classes, binary, args.timeout, log): r for r in repos}
        for fut in concurrent.futures.as_completed(futures):
            results.extend(fut.result())
            done.append(os.path.basename(futures[fut]))
            if args.json:  # a partial JSON after each repository, for a run cut short
                with open(args.json + ".partial", "w") as handle:
                    json.dump({"repos_done": done, "results": results}, handle)
    order = {os.path.basename(r): i for i, r in enumerate(repos)}
    index = {c.name: i for i, c in enumerate(classes)}
    results.sort(key=lambda r: (order.get(r["repo"], 0), index.get(r["class"], 0)))
    if args.json and os.path.exists(args.json + ".partial"):
        os.remove(args.json + ".partial")
    if args.seed_only:
        for r in results:
            print(f"{r['repo']:22} {r['class']:36} {r['status']:9} {r.get('what') or r.get('reason')}")
        return 0
    if args.merge:
        with open(args.merge) as handle:
            old = json.load(handle)
        ran = {c.name for c in classes}
        results = [r for r in old["results"] if r["class"] not in ran] + results
        classes = [c for c in registry.all_classes() if c.name in {r["class"] for r in results}]
        repos = [os.path.join("/", x) for x in old["repos"]]
        order = {os.path.basename(r): i for i, r in enumerate(repos)}
        index = {c.name: i for i, c in enumerate(classes)}
        results.sort(key=lambda r: (order.get(r["repo"], 0), index.get(r["class"], 0)))
    summary = summarize(classes, results)
    print_report(classes, results, summary)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"bin": binary, "repos": [os.path.basename(r) for r in repos],
                       "classes": [c.describe() for c in classes], "summary": summary, "results": results},
                      handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
