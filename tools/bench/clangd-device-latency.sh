#!/usr/bin/env bash
# Benchmark (issue #31 item 4): what publishing device-side findings costs in the editor. Times
# rocm-clangd from opening a HIP file to its diagnostics (test/rocm-clangd/lsp_client.py: start,
# open, wait for the rocm-* diagnostics, one code action), with the device pass
# (rocm-clangd-device-pass) and without it (removed in .clangd), paired, and prints the medians
# and their ratio. A file without regions only the device compile sees costs nothing extra (the
# check parses again only when the host parse skipped a region of the main file), so the default
# input has one.
# usage: tools/bench/clangd-device-latency.sh [-r REPS] [FILE]    (default -r 7, a generated file)
# env: ROCM_CLANGD (default build/bin/rocm-clangd)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
clangd=${ROCM_CLANGD:-$root/build/bin/rocm-clangd}
reps=7
while getopts r: opt; do
  case $opt in
    r) reps=$OPTARG ;;
    *) echo "usage: $0 [-r REPS] [FILE]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -x "$clangd" ] || { echo "clangd-device-latency: no rocm-clangd at $clangd" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/on" "$work/off"
if [ $# -ge 1 ]; then
  cp "$1" "$work/on/input.hip"
else
  python3 "$root/tools/bench/gen-warp-bench.py" --kernels 100 "$work/on/input.hip" >/dev/null 2>&1 || {
    echo "clangd-device-latency: cannot generate the input" >&2
    exit 2
  }
  printf '#if defined(__HIP_DEVICE_COMPILE__)\n__device__ void deviceOnlyLane(unsigned long long *o) { o[threadIdx.x & 31] = __ballot(1); }\n#endif\n' \
    >> "$work/on/input.hip"
fi
cp "$work/on/input.hip" "$work/off/input.hip"
flags="-xhip, --offload-arch=gfx90a, -nogpulib, -nogpuinc, --cuda-host-only, -isystem, $root/test/Inputs/include"
printf 'CompileFlags:\n  Add: [%s]\nDiagnostics:\n  ClangTidy:\n    Add: [rocm-*]\n    FastCheckFilter: None\n' "$flags" \
  > "$work/on/.clangd"
printf 'CompileFlags:\n  Add: [%s]\nDiagnostics:\n  ClangTidy:\n    Add: [rocm-*]\n    Remove: [rocm-clangd-device-pass]\n    FastCheckFilter: None\n' \
  "$flags" > "$work/off/.clangd"
for r in $(seq "$reps"); do
  for side in off on; do
    s=$(date +%s.%N)
    python3 "$root/test/rocm-clangd/lsp_client.py" "$clangd" "$work/$side" "$work/$side/input.hip" > "$work/$side.out"
    e=$(date +%s.%N)
    echo "$side $(echo "$e - $s" | bc)" >> "$work/times"
  done
done
python3 - "$work/times" "$work" <<'PY'
import statistics, sys
t = {}
for line in open(sys.argv[1]):
    side, secs = line.split()
    t.setdefault(side, []).append(float(secs))
on, off = statistics.median(t["on"]), statistics.median(t["off"])
n = lambda side: sum(1 for l in open(f"{sys.argv[2]}/{side}.out") if '"diagnostic"' in l)
print(f"open to diagnostics, median of {len(t['on'])}: without device pass {off:.2f} s ({n('off')} diagnostics), "
      f"with {on:.2f} s ({n('on')} diagnostics), ratio {on / off:.2f}")
PY
