"""Starts N 'rocm-lint notebook add' processes at once on one team notebook and prints how many
entries it holds when all are done (#27 F17: without a lock, concurrent read-modify-writes lost
entries)."""
import json
import os
import subprocess
import sys

rocm_lint, notebook, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
procs = []
for i in range(n):
    log = "%s.%d.log" % (notebook, i)
    with open(log, "w") as f:
        f.write("step %d\nRuntimeError: WIDGETPOOL_%d exhausted on device 0\n" % (i, i))
    procs.append(subprocess.Popen([rocm_lint, "notebook", "add", log, "--id=entry-%d" % i, "--notebook=" + notebook],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
failed = 0
for p in procs:
    _, err = p.communicate(timeout=120)
    if p.returncode != 0:
        failed += 1
        sys.stderr.write(err.decode())
with open(notebook) as f:
    ids = sorted(e["id"] for e in json.load(f)["entries"])
print("%d processes, %d failed, %d entries" % (n, failed, len(ids)))
