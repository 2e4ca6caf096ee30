# Prints the triage tables of docs/precision.md from a folder of `check --format json` reports (Benchmarks/realworld.sh
# --json-dir DIR), with the verdict for each repository and rule from verdicts.py; counts go to stderr.
# usage: python3 Benchmarks/triage/triage.py DIR
import json, os, sys, collections
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from verdicts import V
d = sys.argv[1]
rows = collections.OrderedDict()
totals = collections.Counter()
per_repo = {}
missing = []
for f in sorted(os.listdir(d)):
    if not f.endswith('.json'): continue
    repo = f[:-5]
    j = json.load(open(os.path.join(d, f)))
    s = j['summary']
    per_repo[repo] = (s['errors'], s['warnings'], s['infos'], s['manual'])
    for x in j['findings']:
        sev = x['severity']
        if sev not in ('error', 'warning'): continue
        path = x.get('path', '')
        key = None
        for k in V:
            if len(k) == 3 and k[0] == repo and k[1] == x['rule'] and path.startswith(k[2]): key = k
        if key is None: key = (repo, x['rule'])
        verdict, why = V.get(key, ("UNTRIAGED", x['message'][:200]))
        if verdict == "UNTRIAGED": missing.append((repo, x['rule'], path))
        r = rows.setdefault((repo, x['rule'], sev, key), [0, verdict, why])
        r[0] += 1
        totals[(sev, verdict)] += 1
print("| repository | E / W / N / M |\n|---|---|")
for repo, c in per_repo.items():
    print(f"| {repo} | {c[0]} / {c[1]} / {c[2]} / {c[3]} |")
t = [sum(c[i] for c in per_repo.values()) for i in range(4)]
print(f"| **total** | **{t[0]} / {t[1]} / {t[2]} / {t[3]}** |\n")
print("| repository | rule (grade) | count | verdict | why |\n|---|---|---:|---|---|")
for (repo, rule, sev, key), (n, verdict, why) in rows.items():
    print(f"| {repo} | {rule} ({sev}) | {n} | {verdict} | {why} |")
print()
for sev in ('error', 'warning'):
    c = {v: n for (s, v), n in totals.items() if s == sev}
    print(sev, c, sum(c.values()), file=sys.stderr)
print("untriaged:", missing, file=sys.stderr)
