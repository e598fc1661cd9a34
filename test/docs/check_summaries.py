import json
import os
import re
import sys

root, listing = sys.argv[1], sys.argv[2]
entries = json.load(open(os.path.join(root, "lib/data/checks.json")))["checks"]
data = {c["name"]: c["summary"] for c in entries}
passes = {c["name"]: c.get("passes") for c in entries}
listed = [line.split()[0] for line in open(listing) if line.strip()]
assert listed, "rocm-lint list-checks printed nothing"
readme = open(os.path.join(root, "README.md")).read()
headers = ""
for d in ("checks",):
    for f in os.listdir(os.path.join(root, d)):
        if f.endswith(".h"):
            headers += re.sub(r"\n\s*///?\s*", " ", open(os.path.join(root, d, f)).read())
cmake_headers = ""
cm = os.path.join(root, "lib", "cmake")
if os.path.isdir(cm):
    for f in os.listdir(cm):
        cmake_headers += open(os.path.join(cm, f)).read()
errors = []
for name in listed:
    summary = data.get(name)
    if not summary:
        errors.append("%s: no summary in lib/data/checks.json" % name)
        continue
    page = os.path.join(root, "docs", "checks", name + ".md")
    if not os.path.exists(page):
        errors.append("%s: no docs/checks/%s.md" % (name, name))
    else:
        paras = [p.strip() for p in open(page).read().split("\n\n") if p.strip() and not p.startswith("#")]
        if not paras or " ".join(paras[0].split()) != summary:
            errors.append("%s: first paragraph of its doc page differs from the summary" % name)
    if summary not in readme:
        errors.append("%s: summary missing from README.md" % name)
    # Build-script rules (CMake, Makefiles, setup.py) are not clang-tidy checks: their summary
    # lives in lib/data/checks.json only.
    script = name.startswith(("rocm-cmake-", "rocm-make-", "rocm-pyext-"))
    if not script and summary not in " ".join(headers.split()):
        errors.append("%s: summary missing from its checks/*.h comment" % name)
    # The passes a check reads decide which passes rocm-lint runs: a clang-tidy check names at
    # least one, a build-script rule none.
    p = passes.get(name)
    if not isinstance(p, list) or any(x not in ("host", "device") for x in p) or (not p) != script:
        errors.append("%s: 'passes' in lib/data/checks.json must list host and/or device (none for a build-script rule)" % name)
    if script and summary not in cmake_headers and summary not in open(os.path.join(root, "lib/data/checks.json")).read():
        errors.append("%s: summary missing" % name)
for name in data:
    if name not in listed:
        errors.append("%s: in lib/data/checks.json but not known to rocm-lint" % name)
if errors:
    print("\n".join(errors))
    sys.exit(1)
print("%d checks consistent" % len(listed))
