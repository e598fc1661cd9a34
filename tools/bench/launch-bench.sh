#!/usr/bin/env bash
# Cost of rocm-hardcoded-block-size and rocm-lds-limit on a large generated HIP file
# (tools/bench/gen-launch-bench.py), parsed against ROCm's real headers (/usr/include/hip),
# in the host pass and the device pass.
#
#   tools/bench/launch-bench.sh [BUILD_DIR] [UNITS] [RUNS]
#
# UNITS generated units (default 300; three kernels, one a template, three device functions and
# eleven launches each). For each pass it
# prints the parse time (clang++-19 -fsyntax-only) and each check's own time from clang-tidy's
# check profile (both checks enabled together), each the best of RUNS (default 3), as user CPU
# time (steadier on a loaded machine), and each check's share of the parse time; the target is
# under 2%.
#
# The profile times every matcher evaluation, so its figure includes the profiler's own clock
# reads. With CALLGRIND=1 (slow: use about 60 units) the script also counts instructions under
# valgrind, which the machine's load does not disturb: parse alone, clang-tidy with only
# rocm-cuda-header (parse plus the matcher traversal), and the same plus each check; the
# difference to the baseline is the check's whole cost.
# PASSES="host" (or "device") measures one pass only.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
units=${2:-300}
runs=${3:-3}
plugin=$build/lib/RocmTidyModule.so
[[ -f $plugin ]] || { echo "launch-bench: build the plugin first ($plugin)" >&2; exit 2; }
[[ -f /usr/include/hip/hip_runtime.h ]] || { echo "launch-bench: needs ROCm's headers in /usr/include/hip" >&2; exit 2; }
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
src=$work/launch_bench.hip
python3 "$here/tools/bench/gen-launch-bench.py" --units "$units" "$src"
lines=$(wc -l < "$src")
checks=(rocm-hardcoded-block-size rocm-lds-limit)
best() { sort -g | head -1; }

echo "launch-bench: $units units, $lines lines, ROCm headers (/usr/include/hip), best of $runs"
for pass in ${PASSES:-host device}; do
  flags=(-x hip --offload-arch=gfx90a -nogpulib --cuda-$pass-only)
  parse=$(for ((r = 0; r < runs; ++r)); do
    /usr/bin/time -f '%U' clang++-19 -fsyntax-only "${flags[@]}" "$src" 2>&1 >/dev/null | tail -1
  done | best)
  for ((r = 0; r < runs; ++r)); do
    rm -rf "$work/prof"
    clang-tidy-19 --load="$plugin" -checks="-*,$(IFS=,; echo "${checks[*]}")" --enable-check-profile \
      --store-check-profile="$work/prof" "$src" -- "${flags[@]}" > "$work/out" 2>&1 || true
    python3 -c 'import glob, json, sys
for f in glob.glob(sys.argv[1] + "/*.json"):
    p = json.load(open(f))["profile"]
    print(" ".join(str(p.get("time.clang-tidy." + c + ".user", 0.0)) for c in sys.argv[2:]))' "$work/prof" "${checks[@]}"
  done > "$work/profile.$pass"
  echo "$pass pass: parse (clang++-19 -fsyntax-only) user $parse s"
  for k in "${!checks[@]}"; do
    c=${checks[$k]}
    t=$(cut -d' ' -f$((k + 1)) "$work/profile.$pass" | best)
    n=$(grep -c "warning: .*\[$c\]" "$work/out" || true)
    python3 -c 'import sys; c, t, p, n = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
print(f"  {c:<27} check profile user {t:.4f} s = {100 * t / p:.2f}% of parse ({n} findings)")' "$c" "$t" "$parse" "$n"
  done
  if [ -n "${CALLGRIND:-}" ]; then
    count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }
    ir_parse=$(count clang++-19 -fsyntax-only "${flags[@]}" "$src")
    ir_base=$(count clang-tidy-19 --load="$plugin" -checks='-*,rocm-cuda-header' "$src" -- "${flags[@]}")
    echo "  instructions: parse $ir_parse, clang-tidy baseline (rocm-cuda-header) $ir_base"
    for c in "${checks[@]}"; do
      ir=$(count clang-tidy-19 --load="$plugin" -checks="-*,rocm-cuda-header,$c" "$src" -- "${flags[@]}")
      python3 -c 'import sys; c, p, b, i = sys.argv[1], *map(int, sys.argv[2:])
print(f"  {c:<27} instructions {i}: +{i - b} = {100.0 * (i - b) / p:.2f}% of parse")' "$c" "$ir_parse" "$ir_base" "$ir"
    done
  fi
done
