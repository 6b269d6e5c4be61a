#!/usr/bin/env python3
"""Runs the conformance suites (Tests/FrostUITests/Conformance) and prints their tables in
Markdown, one per folder of Apple's renders (../shared/swiftui-refs, ../shared/everyday-refs):
each case, its verdict (match / near / differs / blocked) and the measured differences
(FrostUI vs Apple), then the totals.

    python3 Scripts/conformance_table.py            # builds and runs the suite
    python3 Scripts/conformance_table.py REPORT     # prints a report a run already wrote
"""
import json, os, subprocess, sys, tempfile

def main():
    if len(sys.argv) > 1:
        path = sys.argv[1]
    else:
        path = os.path.join(tempfile.mkdtemp(), "conformance.jsonl")
        env = dict(os.environ, FROST_CONFORMANCE_REPORT=path)
        run = subprocess.run(["swift", "test", "--filter", "ConformanceTests"], env=env, capture_output=True, text=True)
        if not os.path.exists(path):
            sys.exit("conformance_table: the suite wrote no report (is ../shared/swiftui-refs there?)\n" + run.stdout[-2000:])
    cases = {}
    for line in open(path):
        line = line.strip()
        if line:
            c = json.loads(line)
            cases[c["name"]] = c
    order = {"match": 0, "near": 1, "differs": 2, "blocked": 3}
    def verdict(c):
        if c.get("blockedBy"):
            return "blocked"
        worst = "match"
        for m in c["measures"]:
            e = abs(m["frost"] - m["apple"])
            v = "match" if e <= m["match"] else "near" if e <= m["near"] else "differs"
            if order[v] > order[worst]:
                worst = v
        return worst
    def fmt(v):
        return str(int(v)) if v == int(v) else "%.2f" % v
    corpora = sorted({c.get("corpus", "swiftui-refs") for c in cases.values()}, key=lambda k: (k != "swiftui-refs", k))
    for corpus in corpora:
        if len(corpora) > 1:
            print("%s:\n" % corpus)
        print("| case | verdict | measured (FrostUI vs Apple) |")
        print("| --- | --- | --- |")
        totals = {}
        names = sorted(n for n, c in cases.items() if c.get("corpus", "swiftui-refs") == corpus)
        for name in names:
            c = cases[name]
            v = verdict(c)
            totals[v] = totals.get(v, 0) + 1
            detail = c.get("blockedBy") or "; ".join("%s %s vs %s" % (m["what"], fmt(m["frost"]), fmt(m["apple"])) for m in c["measures"])
            print("| %s | %s | %s |" % (name, v, detail))
        print()
        print("Totals: " + ", ".join("%d %s" % (totals.get(k, 0), k) for k in ["match", "near", "differs", "blocked"]) + " of %d cases." % len(names))
        print()

if __name__ == "__main__":
    main()
