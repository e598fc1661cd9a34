"""check_version.py VERSION_TXT REPORT_JSON REPORT_SARIF DATA_DIR
Checks that the JSON report and the SARIF log carry the tool version, LLVM version and data table
digests that --version prints, and that each digest is the start of the table file's SHA-256."""
import hashlib
import json
import os
import re
import sys

text, report, sarif, data_dir = sys.argv[1:5]
lines = open(text).read().splitlines()
tool = re.fullmatch(r"rocm-lint (\d+\.\d+\.\d+)", lines[0]).group(1)
llvm = re.fullmatch(r"built with LLVM (\d+)\.(\d+)\.(\d+) \(the plugin loads into clang-tidy (\d+)\)", lines[1])
assert llvm and llvm.group(1) == llvm.group(4), lines[1]
llvm_version = ".".join(llvm.group(1, 2, 3))
assert lines[2] == "data tables (SHA-256 prefix):", lines[2]
tables = dict(re.fullmatch(r"  (\S+) ([0-9a-f]{12})", l).group(1, 2) for l in lines[3:])

on_disk = sorted(f for f in os.listdir(data_dir) if f.endswith((".json", ".h")))
assert sorted(tables) == on_disk, (sorted(tables), on_disk)
for name, digest in tables.items():
    want = hashlib.sha256(open(os.path.join(data_dir, name), "rb").read()).hexdigest()[:12]
    assert digest == want, (name, digest, want)

j = json.load(open(report))
assert j["version"] == tool and j["build"] == {"llvm": llvm_version, "data": tables}, j
driver = json.load(open(sarif))["runs"][0]["tool"]["driver"]
assert driver["version"] == tool and driver["properties"] == {"llvm": llvm_version, "data": tables}, driver
print("version %s, LLVM %s, %d tables: consistent" % (tool, llvm_version, len(tables)))
