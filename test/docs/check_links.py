"""Every relative link in the given Markdown pages names an existing file and, with '#anchor', an
existing heading of it (GitHub's anchor rules: lower case, punctuation dropped, spaces to '-').

usage: check_links.py ROOT PAGE...   (pages relative to ROOT)"""
import os
import re
import sys

root = sys.argv[1]
pages = [os.path.join(root, p) for p in sys.argv[2:]]


def anchors(path):
    out = set()
    in_code = False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            in_code = not in_code
        m = re.match(r"^#{1,6} (.*)$", line)
        if m and not in_code:
            out.add(re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-"))
    return out


bad = []
for page in pages:
    text = re.sub(r"```.*?```", "", open(page, encoding="utf-8").read(), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(page), path)) if path else page
        if not os.path.exists(full):
            bad.append("%s: no file %s" % (os.path.relpath(page, root), target))
        elif anchor and full.endswith(".md") and anchor not in anchors(full):
            bad.append("%s: no heading for %s" % (os.path.relpath(page, root), target))
if bad:
    sys.exit("\n".join(bad))
print("links ok: %d pages" % len(pages))
