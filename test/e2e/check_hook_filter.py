"""Which files would the pre-commit framework hand to the 'rocm-lint' hook of .pre-commit-hooks.yaml?

pre-commit passes a staged file to a hook only when the file matches the hook's 'files' regex, does
not match 'exclude', carries every tag in 'types' and, if 'types_or' is set, at least one of those
tags. Tags come from the 'identify' library (pre-commit's own dependency), by file name first.

usage: check_hook_filter.py HOOKS_YAML DIR FILE...   prints 'lint FILE' or 'skip FILE' for each
"""
import os
import re
import sys


def parse_hooks(path):
    """The flat subset of YAML that .pre-commit-hooks.yaml uses: a list of 'key: value' maps."""
    hooks, cur = [], None
    for line in open(path):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r"^(- )?\s*([\w-]+):\s*(.*?)\s*$", line)
        if not m:
            sys.exit("cannot parse: %r" % line)
        if m.group(1):
            cur = {}
            hooks.append(cur)
        value = m.group(3)
        if value.startswith("["):
            value = [v.strip().strip("'\"") for v in value.strip("[]").split(",") if v.strip()]
        elif value[:1] in "'\"":
            value = value[1:-1]
        cur[m.group(2)] = value
    return hooks


def tags_of(path):
    try:
        from identify import identify
        return identify.tags_from_path(path)
    except ImportError:
        pass
    # Without identify installed: the tags identify 2.5 (Debian 12's python3-identify) gives these
    # names. It has no entry for '.hip', so such a file is only {'file', 'non-executable', 'text'}.
    by_ext = {".cu": {"cuda"}, ".cuh": {"cuda"}, ".cpp": {"c++"}, ".cc": {"c++"}, ".cxx": {"c++"},
              ".h": {"c", "c++", "header"}, ".hpp": {"c++", "header"}, ".hh": {"c++", "header"},
              ".hxx": {"c++", "header"}, ".cmake": {"cmake"}, ".py": {"python"}, ".md": {"markdown"},
              ".txt": {"plain-text"}}
    name = os.path.basename(path)
    tags = {"cmake", "plain-text"} if name == "CMakeLists.txt" else by_ext.get(os.path.splitext(name)[1], set())
    return tags | {"file", "non-executable", "text"}


hook = [h for h in parse_hooks(sys.argv[1]) if h.get("id") == "rocm-lint"][0]
files_re = re.compile(hook.get("files", ""))
exclude_re = re.compile(hook.get("exclude", "^$"))
types = set(hook.get("types", ["file"]))
types_or = set(hook.get("types_or", []))
exclude_types = set(hook.get("exclude_types", []))
for rel in sys.argv[3:]:
    tags = tags_of(os.path.join(sys.argv[2], rel))
    ok = (files_re.search(rel) and not exclude_re.search(rel) and types <= tags and
          (not types_or or tags & types_or) and not tags & exclude_types)
    print("%s %s" % ("lint" if ok else "skip", rel))
