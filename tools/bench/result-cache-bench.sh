#!/usr/bin/env bash
# Result cache of rocm-lint: wall time of a cold run (empty cache folder), a warm re-run (nothing
# changed), a re-run after a one-line edit of a header that 1 file in GROUP includes, and the cost of
# the project index pass alone (rocm-lint index without a cache), on a generated tree of N HIP files
# (tools/bench/benchgen.py prelude: hip_runtime.h and the C++ standard headers, a kernel with a
# warp hazard, a launch). Checks that the warm report is the same bytes as the cold one.
# Numbers only; speed is never asserted anywhere.
# usage: tools/bench/result-cache-bench.sh [BUILD_DIR] [N_FILES] [JOBS] [GROUP]   (default build 30 2 10)
# env:   HIP_HEADERS=builtin|system (default builtin)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${1:-build}; N=${2:-30}; J=${3:-2}; GROUP=${4:-10}
LINT=$(cd "$BUILD" && pwd)/bin/rocm-lint
[ -x "$LINT" ] || { echo "result-cache-bench: no rocm-lint in $BUILD/bin (build first)" >&2; exit 2; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
python3 "$root/tools/bench/benchgen.py" tree "$TMP/src" "$N" "$GROUP" result-cache-bench.sh
cd "$TMP"
args=(--hip-headers="${HIP_HEADERS:-builtin}" -j"$J" --no-progress --format=json src)
t() { local s e; s=$(date +%s.%N); "$@" > "$TMP/last.json" 2> "$TMP/last.err" || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
counts() { grep -o 'result cache: .*' "$TMP/last.err" || echo "result cache: off"; }
echo "rocm-lint: $LINT"
echo "machine:   $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "project:   $N .hip files, $((N / GROUP)) shared headers (1 per $GROUP files), -j$J, hip headers ${HIP_HEADERS:-builtin}"
cold=$(t "$LINT" "${args[@]}" --cache-dir="$TMP/cache" --verbose); echo "cold (empty cache):     $cold s  ($(counts))"
cp "$TMP/last.json" "$TMP/cold.json"
warm=$(t "$LINT" "${args[@]}" --cache-dir="$TMP/cache" --verbose); echo "warm (unchanged):       $warm s  ($(counts))"
cmp -s "$TMP/cold.json" "$TMP/last.json" && echo "warm report == cold report (bytes)" || echo "WARM REPORT DIFFERS"
echo "warm / cold:            $(echo "scale=2; 100 * $warm / $cold" | bc) %"
printf '#pragma once\n#define GROUP_SCALE0 3.0f\n' > src/shared00.h
edit=$(t "$LINT" "${args[@]}" --cache-dir="$TMP/cache" --verbose); echo "one header edited:      $edit s  ($(counts))"
idx=$(t "$LINT" index src --output="$TMP/index.json" --no-cache); echo "index pass alone (rocm-lint index, no cache): $idx s"
