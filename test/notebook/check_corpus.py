#!/usr/bin/env python3
"""Runs `rocm-lint explain` on every excerpt of the real-log corpus (test/notebook/corpus/*.log) and
compares the answer with the fix the thread confirmed ('unknown': the log names no cause).

Each corpus file starts with a header (thread URL, phase, expected entry, what the thread arrived
at), then the log lines quoted from the thread. Only the log lines are given to rocm-lint.

The corpus is split by source. Files named heldout-*.log, heldout2-*.log, heldout3-*.log,
heldout4-*.log to heldout10-*.log (any heldoutN-*.log) are excerpts of threads that no entry was written or tuned from: they measure how the
notebook does on the next log, and are reported, never fitted. heldout2 is a second batch, collected
and frozen before the entries of its round were written, and split from the fit files of that round
by thread; heldout3 is a third batch, frozen the same way before the entries of its round were
written; heldout4 to heldout10 are a fourth to a tenth batch, each collected for measurement only (no
entry was written or changed with it before its first run). The others ('fit') are the logs the entries were written from; each must get its entry.

An answer is a working fix when the best-ranked entry is the expected one or, for a generic symptom
(low confidence, ranked causes), when its first cause is the expected one (by id or by the entry it
points to). It is wrong otherwise, unless nothing matched (unknown); wrong-high counts wrong answers
given with high confidence.

usage: check_corpus.py ROCM_LINT CORPUS_DIR [--list]
Prints one line per fit file that fails (--list: per held-out file too) and a table per split and
phase; exit 1 if a fit file fails, fewer than 8 in 10 fit excerpts get a diagnosis, or a held-out
excerpt gets a wrong diagnosis with high confidence.
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


# Batch N of the held-out logs is heldoutN-*.log; the table lists the batches that have files.
SPLITS = ("fit", "held-out") + tuple("held-out%d" % n for n in range(2, 100))


def split_of(name):
    """heldoutN-*.log is batch N's ('held-out' for the first); anything else was fitted."""
    prefix = name.split("-", 1)[0]
    if prefix == "heldout":
        return "held-out"
    if prefix.startswith("heldout") and "held-out" + prefix[len("heldout"):] in SPLITS:
        return "held-out" + prefix[len("heldout"):]
    return "fit"


def verdict(matches, expect):
    """('working'|'unknown'|'wrong', confidence, what was answered)."""
    if not matches:
        return ("unknown" if expect == "unknown" else "missed"), "", "unknown"
    top = matches[0]
    got = top["id"]
    if top.get("generic") and top.get("causes"):
        first = top["causes"][0]
        got = "%s/%s" % (top["id"], first["id"])
        if expect in (top["id"], first["id"], first.get("see")) or expect == got:
            return "working", top["confidence"], got
    elif got == expect:
        return "working", top["confidence"], got
    return "wrong", top["confidence"], got


def main():
    rocm_lint, corpus = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv[3:]
    files = sorted(glob.glob(os.path.join(corpus, "*.log")))
    if len(files) < 60:
        raise SystemExit("corpus has %d excerpts, expected at least 60" % len(files))
    stats = {}
    failures = 0
    for path in files:
        meta, log = read(path)
        split = split_of(os.path.basename(path))
        r = subprocess.run([rocm_lint, "explain", "--no-team-notebook", "--format=json", "-"], input=log.encode(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
        if r.returncode not in (0, 1):
            print("%s: rocm-lint failed (%d): %s" % (os.path.basename(path), r.returncode, r.stderr.decode()))
            failures += 1
            continue
        matches = json.loads(r.stdout.decode())["matches"]
        v, confidence, got = verdict(matches, meta["expect"])
        s = stats.setdefault((split, meta["phase"]),
                             {"files": 0, "working": 0, "unknown": 0, "wrong": 0, "wrong-high": 0})
        s["files"] += 1
        if v == "working":
            s["working"] += 1
        elif v in ("unknown", "missed"):
            s["unknown"] += 1
        else:
            s["wrong"] += 1
            s["wrong-high"] += confidence == "high"
        bad = v in ("wrong", "missed")
        if split == "fit" and bad:
            failures += 1
        if bad and (split == "fit" or listing):
            print("%s: %s: expected %s, got %s%s" % (split, os.path.basename(path), meta["expect"], got,
                                                    " (%s confidence)" % confidence if confidence else ""))
    print("split     phase        files  working unknown wrong wrong-high")
    for split in SPLITS:
        rows = [(p, stats[(split, p)]) for p in ("build", "run time", "performance") if (split, p) in stats]
        if not rows:
            continue
        tot = {k: sum(s[k] for _, s in rows) for k in ("files", "working", "unknown", "wrong", "wrong-high")}
        for phase, s in rows + [("total", tot)]:
            print("%-9s %-12s %5d %8d %7d %5d %10d" % (split, phase, s["files"], s["working"], s["unknown"],
                                                     s["wrong"], s["wrong-high"]))
            if split != "fit" and s["wrong-high"] and phase != "total":
                failures += 1
        if split == "fit" and tot["working"] * 10 < tot["files"] * 8:
            print("fewer than 8 in 10 fit excerpts are diagnosed")
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
