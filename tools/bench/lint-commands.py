#!/usr/bin/env python3
"""Turns the compile commands rocm-lint prints under --verbose into shell scripts that run the
same parse with clang -fsyntax-only (for the benchmarks that compare rocm-lint with clang).

usage: lint-commands.py VERBOSE_LOG CLANG OUT_DIR ROOT
Writes OUT_DIR/pass<N>.sh for each 'command: FILE: (in DIR) ARGV' line, in order, and prints how
many it wrote. rocm-lint serves a few files from memory (/rocm-lint-builtin/): the HIP supplement
it force-includes is read from ROOT/lib/data instead, and the fallback folders (searched only
for headers that are missing) are left out.
"""
import shlex
import sys

BUILTIN = "/rocm-lint-builtin/"


def clang_args(argv, root):
    raw, args, skip = argv.split(" ")[1:], [], False
    for j, a in enumerate(raw):
        if skip:
            skip = False
            continue
        if a in ("-idirafter", "-isystem") and j + 1 < len(raw) and raw[j + 1].startswith(BUILTIN):
            skip = True
            continue
        if a.startswith(BUILTIN):
            a = root + "/lib/data/" + a.rsplit("/", 1)[1]
        args.append(a)
    return args


def main():
    log, clang, out, root = sys.argv[1:5]
    n = 0
    for line in open(log, errors="replace"):
        if "command: " not in line or ": (in " not in line:
            continue
        rest = line.rstrip("\n").split(": (in ", 1)[1]
        cwd, argv = rest.split(") ", 1)
        with open(f"{out}/pass{n}.sh", "w") as f:
            f.write("cd " + shlex.quote(cwd) + " && exec " + shlex.quote(clang) + " -fsyntax-only " +
                    " ".join(shlex.quote(a) for a in clang_args(argv, root)) + "\n")
        n += 1
    print(n)


if __name__ == "__main__":
    main()
