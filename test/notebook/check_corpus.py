#!/usr/bin/env python3
"""Runs `rocm-lint explain` on every excerpt of the real-log corpus (test/notebook/corpus/*.log) and
checks that the best-ranked entry is the one the file expects ('unknown': no entry at all).

Each corpus file starts with a header (thread URL, phase, expected entry, what the thread arrived
at), then the log lines quoted from the thread. Only the log lines are given to rocm-lint.

usage: check_corpus.py ROCM_LINT CORPUS_DIR [--report]
Prints one line per file that fails and a table per phase; exit 1 if any file fails or fewer than
8 in 10 excerpts get a diagnosis.
"""
import glob
import json
import os
import subprocess
import sys

HEADER_KEYS = ("thread", "phase", "expect", "resolved")


def read(path):
    meta, log = {}, []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines) and lines[i].startswith("# ") and lines[i][2:].split(":", 1)[0] in HEADER_KEYS:
        k, v = lines[i][2:].split(":", 1)
        meta[k] = v.strip()
        i += 1
    for k in HEADER_KEYS:
        if k not in meta:
            raise SystemExit("%s: header lacks '%s'" % (path, k))
    return meta, "\n".join(lines[i:])


def main():
    rocm_lint, corpus = sys.argv[1], sys.argv[2]
    files = sorted(glob.glob(os.path.join(corpus, "*.log")))
    if len(files) < 60:
        raise SystemExit("corpus has %d excerpts, expected at least 60" % len(files))
    stats = {}
    failures = 0
    for path in files:
        meta, log = read(path)
        r = subprocess.run([rocm_lint, "explain", "--no-team-notebook", "--format=json", "-"], input=log.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        if r.returncode not in (0, 1):
            print("%s: rocm-lint failed (%d): %s" % (os.path.basename(path), r.returncode, r.stderr.decode()))
            failures += 1
            continue
        matches = json.loads(r.stdout.decode())["matches"]
        got = matches[0]["id"] if matches else "unknown"
        phase = meta["phase"]
        s = stats.setdefault(phase, {"files": 0, "diagnosed": 0, "unknown": 0, "wrong": 0})
        s["files"] += 1
        if got == meta["expect"]:
            s["diagnosed" if got != "unknown" else "unknown"] += 1
        else:
            s["wrong" if got != "unknown" else "unknown"] += 1
            failures += 1
            print("%s: expected %s, got %s" % (os.path.basename(path), meta["expect"], got))
    total = {k: sum(s[k] for s in stats.values()) for k in ("files", "diagnosed", "unknown", "wrong")}
    print("phase files diagnosed unknown wrong")
    for phase in ("build", "run time", "performance"):
        if phase in stats:
            s = stats[phase]
            print("%-12s %6d %10d %8d %6d" % (phase, s["files"], s["diagnosed"], s["unknown"], s["wrong"]))
    print("%-12s %6d %10d %8d %6d" % ("total", total["files"], total["diagnosed"], total["unknown"], total["wrong"]))
    if total["diagnosed"] * 10 < total["files"] * 8:
        print("fewer than 8 in 10 excerpts are diagnosed")
        failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
