"""Structural validation of rocm-lint's SARIF 2.1.0 log against the parts of the OASIS schema
that code-scanning consumers require (no network here to fetch the schema itself)."""
import json
import sys

log = json.load(open(sys.argv[1]))
assert log["version"] == "2.1.0"
assert log["$schema"].endswith("sarif-2.1.0.json")
assert isinstance(log["runs"], list) and len(log["runs"]) == 1
run = log["runs"][0]
driver = run["tool"]["driver"]
assert driver["name"] == "rocm-lint"
rules = driver["rules"]
ids = [r["id"] for r in rules]
assert "rocm-cuda-header" in ids, ids
for r in rules:
    assert r["shortDescription"]["text"], r
results = run["results"]
assert len(results) == 3, len(results)
for res in results:
    assert res["ruleId"] in ids
    assert rules[res["ruleIndex"]]["id"] == res["ruleId"]
    assert res["level"] in ("warning", "error", "note", "none")
    assert res["message"]["text"]
    loc = res["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"] == "headers.hip"
    assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
    assert loc["region"]["startLine"] >= 1 and loc["region"]["startColumn"] >= 1
    for fix in res.get("fixes", []):
        for ch in fix["artifactChanges"]:
            for rep in ch["replacements"]:
                assert rep["deletedRegion"]["byteOffset"] >= 0 and "text" in rep["insertedContent"]
assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].startswith("file://")
assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"].endswith("/")
# The file analysed without its missing headers is a notification of the tool's execution.
inv = run["invocations"]
assert len(inv) == 1 and inv[0]["executionSuccessful"] is True, inv
notes = inv[0]["toolExecutionNotifications"]
assert len(notes) == 1, notes
assert notes[0]["level"] == "warning" and notes[0]["descriptor"]["id"] == "rocm-lint-recovered", notes
assert "'hipblas/hipblas.h'" in notes[0]["message"]["text"], notes
assert notes[0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "headers.hip", notes
print("sarif ok")
