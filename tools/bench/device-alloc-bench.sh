#!/usr/bin/env bash
# Cost of rocm-unmatched-device-alloc on a large generated HIP file: the check's own time from
# clang-tidy's check profile against the time to parse the same file.
#
#   tools/bench/device-alloc-bench.sh [BUILD_DIR] [FUNCTIONS] [ALLOCATING_EVERY]
#
# FUNCTIONS host functions (default 6000); one in ALLOCATING_EVERY (default 50) allocates device
# memory with error paths, loops and try/catch, the others copy, launch and branch without
# allocating. Prints the parse time (clang++-19 -fsyntax-only) and the check's time (clang-tidy's
# check profile), each the best of 3, as user CPU time (steadier on a loaded machine) and as wall
# time, and their ratio; the target is under 2%.
#
# The profile times every matcher evaluation, so its figure includes the profiler's own clock
# reads. With CALLGRIND=1 (slow: use about 1500 functions) the script also counts instructions
# under valgrind, which the machine's load does not disturb: parse alone, clang-tidy with only
# rocm-cuda-header (parse plus the matcher traversal), and the same plus this check; the
# difference of the last two is the check's whole cost.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build}
functions=${2:-6000}
every=${3:-50}
work=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

python3 - "$work/bench.hip" "$functions" "$every" <<'PY'
import sys
path, n, every = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
out = ['#include <cstdlib>', '#include <hip/hip_runtime.h>', '#include <stdexcept>', '#include <vector>',
       'bool validate(const float *, int);', 'void logError(const char *);',
       '__global__ void step(float *x, int n, float a) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = a * x[i] + 1.0f; }']
for i in range(n):
    if i % every == 0:
        out.append(f'''int alloc{i}(const std::vector<float> &h, int iters) {{
  float *d = nullptr, *s = nullptr;
  const size_t bytes = h.size() * sizeof(float);
  if (hipMalloc(&d, bytes) != hipSuccess) return -1;
  if (hipMalloc(&s, bytes) != hipSuccess) {{ hipFree(d); return -1; }}
  try {{
    for (int k = 0; k < iters; ++k) {{
      if (hipMemcpy(d, h.data(), bytes, hipMemcpyHostToDevice) != hipSuccess) {{ logError("copy"); break; }}
      step<<<(int(h.size()) + 255) / 256, 256>>>(d, int(h.size()), 0.5f + k);
      switch (k % 3) {{ case 0: hipMemset(s, 0, bytes); break; case 1: continue; default: break; }}
      if (!validate(h.data(), k)) throw std::runtime_error("invalid");
    }}
  }} catch (const std::exception &) {{
    hipFree(s); hipFree(d); return -2;
  }}
  hipFree(s);
  hipFree(d);
  return 0;
}}''')
    else:
        out.append(f'''float work{i}(std::vector<float> &h, float *d, int iters) {{
  float acc = 0.0f;
  for (int k = 0; k < iters; ++k) {{
    if (k % 7 == 3 && !validate(h.data(), k)) {{ logError("validate"); return -1.0f; }}
    for (size_t j = 0; j < h.size(); j += 17) acc += h[j] * float(k + {i % 13});
    if (acc > 1e9f) break;
  }}
  if (hipMemcpy(d, h.data(), h.size() * sizeof(float), hipMemcpyHostToDevice) != hipSuccess) return -2.0f;
  step<<<(int(h.size()) + 255) / 256, 256>>>(d, int(h.size()), acc);
  return acc;
}}''')
open(path, 'w').write('\n'.join(out) + '\n')
PY

flags=(-x hip --offload-arch=gfx90a -nogpulib -nogpuinc --cuda-host-only -isystem "$here/test/Inputs/include")
lines=$(wc -l < "$work/bench.hip")

best() { sort -g | head -1; }
for r in 1 2 3; do
  /usr/bin/time -f '%U %e' clang++-19 -fsyntax-only "${flags[@]}" "$work/bench.hip" 2>&1 >/dev/null | tail -1
done > "$work/parse"
parse_user=$(cut -d' ' -f1 "$work/parse" | best)
parse_wall=$(cut -d' ' -f2 "$work/parse" | best)

for r in 1 2 3; do
  rm -rf "$work/prof"
  clang-tidy-19 --load="$build/lib/RocmTidyModule.so" -checks='-*,rocm-unmatched-device-alloc' \
    --enable-check-profile --store-check-profile="$work/prof" "$work/bench.hip" -- "${flags[@]}" >/dev/null 2>&1 || true
  python3 -c 'import glob, json, sys
for f in glob.glob(sys.argv[1] + "/*.json"):
    p = json.load(open(f))["profile"]
    print(p["time.clang-tidy.rocm-unmatched-device-alloc.user"], p["time.clang-tidy.rocm-unmatched-device-alloc.wall"])' "$work/prof"
done > "$work/check"
check_user=$(cut -d' ' -f1 "$work/check" | best)
check_wall=$(cut -d' ' -f2 "$work/check" | best)

findings=$(clang-tidy-19 --load="$build/lib/RocmTidyModule.so" -checks='-*,rocm-unmatched-device-alloc' \
  "$work/bench.hip" -- "${flags[@]}" 2>/dev/null | grep -c 'warning:' || true)

if [ -n "${CALLGRIND:-}" ]; then
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'; }
  ir_parse=$(count clang++-19 -fsyntax-only "${flags[@]}" "$work/bench.hip")
  ir_base=$(count clang-tidy-19 --load="$build/lib/RocmTidyModule.so" -checks='-*,rocm-cuda-header' "$work/bench.hip" -- "${flags[@]}")
  ir_check=$(count clang-tidy-19 --load="$build/lib/RocmTidyModule.so" -checks='-*,rocm-cuda-header,rocm-unmatched-device-alloc' \
    "$work/bench.hip" -- "${flags[@]}")
  python3 -c 'import sys
p, b, c = map(int, sys.argv[1:])
print(f"instructions: parse {p}, clang-tidy baseline {b}, with the check {c}: +{c - b} = {100.0 * (c - b) / p:.2f}% of parse")' \
    "$ir_parse" "$ir_base" "$ir_check"
fi

python3 - "$functions" "$every" "$lines" "$parse_user" "$parse_wall" "$check_user" "$check_wall" "$findings" <<'PY'
import sys
n, every, lines = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
pu, pw, cu, cw = map(float, sys.argv[4:8])
findings = sys.argv[8]
print(f"functions: {n} ({(n + every - 1) // every} allocating), lines: {lines}")
print(f"parse (clang++-19 -fsyntax-only, best of 3): user {pu:.3f} s, wall {pw:.3f} s")
print(f"rocm-unmatched-device-alloc (check profile, best of 3): user {cu:.4f} s, wall {cw:.4f} s")
print(f"ratio: {100.0 * cu / pu:.2f}% of parse time (user), {100.0 * cw / pw:.2f}% (wall); target < 2%")
print(f"findings: {findings} (the generated code frees on every path)")
PY
