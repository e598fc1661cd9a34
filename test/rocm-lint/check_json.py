"""Asserts the documented JSON schema of rocm-lint --format=json (docs/rocm-lint.md)."""
import json
import sys

doc = json.load(open(sys.argv[1]))
assert doc["tool"] == "rocm-lint" and doc["schema"] == 1, doc
assert doc["summary"] == {"files": 2, "findings": 3, "complete": 1, "recovered": 1, "failed": 0}, doc["summary"]
# Per-file analysis status: the CUDA library headers have ROCm replacements the machine lacks.
files = {x["file"]: x for x in doc["files"]}
assert files["clean.hip"] == {"file": "clean.hip", "status": "complete"}, files
rec = files["headers.hip"]
assert rec["status"] == "recovered", rec
assert rec["missing_headers"] == ["hipblas/hipblas.h", "hiprand/hiprand_kernel.h"], rec
assert rec["dropped_declarations"] == 0 and rec["compiler_errors"] == 0, rec
f = doc["findings"]
assert [x["line"] for x in f] == [2, 3, 6], f
first = f[0]
assert set(first) == {"check", "severity", "file", "line", "column", "offset", "message", "notes", "fixes"}, first
assert first["check"] == "rocm-cuda-header" and first["severity"] == "warning"
assert first["file"] == "headers.hip" and first["column"] == 10
fix = first["fixes"][0]
assert fix["replacement"] == "<hip/hip_runtime.h>" and fix["length"] == len("<cuda_runtime.h>"), fix
src = open(fix["file"] if fix["file"].startswith("/") else sys.argv[1]).read() if fix["file"].startswith("/") else None
if src is not None:
    assert src[fix["offset"]:fix["offset"] + fix["length"]] == "<cuda_runtime.h>"
print("json ok")
