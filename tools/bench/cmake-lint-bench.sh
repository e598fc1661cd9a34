#!/usr/bin/env bash
# Benchmark of the CMake linter: generates a tree of 1,000 CMake files (about 200,000 lines of
# realistic CMake: targets, sources, conditions, quoted and bracket arguments, comments, and some
# raw link flags and hard-coded paths to report) and times rocm-lint on it, pinned to one
# core. Target (issue 6): under one second.
#
#   tools/bench/cmake-lint-bench.sh [BUILD_DIR] [RUNS]
set -euo pipefail
BUILD=${1:-build}
RUNS=${2:-5}
TOOL=$BUILD/bin/rocm-lint
[ -x "$TOOL" ] || { echo "error: $TOOL not built" >&2; exit 2; }
TREE=$(mktemp -d "${TMPDIR:-/tmp}/cmake-lint-bench.XXXXXX")
trap 'rm -rf "$TREE"' EXIT

python3 - "$TREE" <<'PY'
import os, random, sys
root = sys.argv[1]
rng = random.Random(1234)
blocks = [
    "add_library(lib{i}_{j} STATIC\n  src/a{j}.cpp\n  src/b{j}.cpp\n  src/c{j}.hip\n)\n",
    "target_include_directories(lib{i}_{j} PUBLIC ${{CMAKE_CURRENT_SOURCE_DIR}}/include\n  $<BUILD_INTERFACE:${{PROJECT_SOURCE_DIR}}/common>)\n",
    "target_link_libraries(lib{i}_{j} PRIVATE hip::host roc::rocblas Threads::Threads m dl)\n",
    "if(WIN32 AND (NOT MSVC OR CMAKE_CXX_COMPILER_ID STREQUAL \"Clang\"))\n  target_compile_definitions(lib{i}_{j} PRIVATE NOMINMAX)\nelseif(UNIX)\n  set_target_properties(lib{i}_{j} PROPERTIES POSITION_INDEPENDENT_CODE ON)\nendif()\n",
    "# Generated block {j}: keeps the build readable; -lamdhip64 here is only a comment\n",
    "set(MSG_{j} \"Building lib{i}_{j} with \\\"${{CMAKE_BUILD_TYPE}}\\\" flags\")\nmessage(STATUS \"${{MSG_{j}}}\")\n",
    "set(DOC_{j} [=[\n  Multi-line documentation ]] with brackets\n  and ${{not_a_reference}}\n]=])\n",
    "foreach(src IN ITEMS a{j} b{j} c{j})\n  list(APPEND ALL_SOURCES ${{CMAKE_CURRENT_SOURCE_DIR}}/src/${{src}}.cpp)\nendforeach()\n",
    "set_source_files_properties(src/c{j}.hip PROPERTIES LANGUAGE HIP COMPILE_OPTIONS \"-O3;-ffast-math\")\n",
]
bad = [
    "target_link_libraries(lib{i}_{j} PRIVATE -L/opt/rocm/lib -lamdhip64)\n",
    "set(CMAKE_PREFIX_PATH /opt/rocm ${{CMAKE_PREFIX_PATH}})\n",
    "set(CMAKE_EXE_LINKER_FLAGS \"${{CMAKE_EXE_LINKER_FLAGS}} -lcudart\")\n",
]
lines = 0
for i in range(1000):
    d = os.path.join(root, "mod%03d" % (i // 10), "sub%d" % (i % 10))
    os.makedirs(d, exist_ok=True)
    parts = ["cmake_minimum_required(VERSION 3.21)\nproject(mod{i} LANGUAGES CXX HIP)\nfind_package(hip REQUIRED)\n".format(i=i)]
    n = 3
    j = 0
    while n < 200:
        t = rng.choice(bad) if rng.random() < 0.02 else rng.choice(blocks)
        text = t.format(i=i, j=j)
        parts.append(text)
        n += text.count("\n")
        j += 1
    lines += n
    name = "CMakeLists.txt" if i % 4 else "rules.cmake"
    with open(os.path.join(d, name), "w") as f:
        f.write("".join(parts))
print("generated 1000 files, %d lines, %.1f MB" % (lines, sum(
    os.path.getsize(os.path.join(p, f)) for p, _, fs in os.walk(root) for f in fs) / 1e6))
PY

PIN=""
command -v taskset > /dev/null && PIN="taskset -c 0"
best=""
for r in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  rc=0
  $PIN "$TOOL" -j1 --quiet --no-progress "$TREE" > /dev/null 2>&1 || rc=$?
  end=$(date +%s.%N)
  [ "$rc" -eq 1 ] || { echo "error: expected exit status 1 (findings), got $rc" >&2; exit 2; }
  t=$(echo "$end - $start" | bc)
  echo "run $r: ${t} s"
  if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" -eq 1 ]; then best=$t; fi
done
findings=$("$TOOL" -j1 --no-progress "$TREE" 2>/dev/null | grep -c ': warning: ' || true)
echo "rocm-lint on 1000 CMake files: best of $RUNS runs ${best} s on one core ($findings findings)"
