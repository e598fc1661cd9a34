"""Checks the explicit source lists of rocm-tidy's CMake files: every .cpp of a source folder is
listed once in its target, and each list is sorted (issue 15: no file(GLOB)).
usage: check_source_lists.py SOURCE_ROOT"""
import glob
import os
import re
import sys

# (CMakeLists.txt, target, source globs relative to the CMakeLists.txt folder, files left out)
TARGETS = [
    ("lib/CMakeLists.txt", "rocmTidyCore", ["buildscripts/*.cpp", "cmake/*.cpp", "core/*.cpp"],
     ["core/Notebook.cpp", "core/Redact.cpp"]),  # rocmTidyNotebook (RE2) has these
    ("lib/CMakeLists.txt", "rocmTidyProject", ["project/*.cpp"], []),
    ("lib/CMakeLists.txt", "rocmTidyAst", ["ast/*.cpp", "ast/warp/*.cpp"], []),
    ("checks/CMakeLists.txt", "rocmTidyChecks", ["*.cpp"], []),
    ("tools/rocm-lint/CMakeLists.txt", "rocmLint", ["*.cpp"], ["Main.cpp"]),  # the library
    ("tools/rocm-lint/CMakeLists.txt", "rocm-lint", ["Main.cpp"], []),  # the front door over it
    ("test/CMakeLists.txt", "rocm-tidy-unit-tests", ["unit/*.cpp"], []),
]


def listed(text, target):
    m = re.search(r"add_(?:library|executable)\(\s*%s\b([^)]*)\)" % re.escape(target), text)
    if not m:
        return None
    return [w for w in m.group(1).split() if w.endswith(".cpp")]


def main():
    root = sys.argv[1]
    bad = 0
    for cmake, target, globs, left_out in TARGETS:
        folder = os.path.join(root, os.path.dirname(cmake))
        text = open(os.path.join(root, cmake)).read()
        if "file(GLOB" in text:
            print("%s: file(GLOB ...) instead of an explicit list" % cmake)
            bad += 1
        files = listed(text, target)
        if files is None:
            print("%s: no add_library/add_executable(%s ...)" % (cmake, target))
            bad += 1
            continue
        on_disk = sorted(
            os.path.relpath(f, folder) for g in globs for f in glob.glob(os.path.join(folder, g))
            if os.path.relpath(f, folder) not in left_out)
        for f in sorted(set(on_disk) - set(files)):
            print("%s: %s is not in the sources of %s" % (cmake, f, target))
            bad += 1
        for f in sorted(set(files) - set(on_disk)):
            print("%s: %s (a source of %s) does not exist" % (cmake, f, target))
            bad += 1
        if files != sorted(files):
            print("%s: the sources of %s are not sorted" % (cmake, target))
            bad += 1
        if len(files) != len(set(files)):
            print("%s: a source of %s is listed twice" % (cmake, target))
            bad += 1
    print("source lists: %s" % ("ok" if not bad else "%d problem(s)" % bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
