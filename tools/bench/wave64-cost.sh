#!/usr/bin/env bash
# Cost of the wave64 emulation (kernels/hip_on_cuda/wave64.h) on an NVIDIA GPU: the kernel time of
# each kernels/wave64-* program built normally (32-lane warps) and with -DROCM_TIDY_WAVE64.
#
#   tools/bench/wave64-cost.sh [RUNS]
#
# Builds every kernels/wave64-*/{fixed,bad}.hip both ways with nvcc and the HIP-on-CUDA mapping, then
# runs each binary RUNS times (default 5), alternating the two modes so that clock changes hit both
# alike. Each program reports its mean kernel time over 20 launches after a warm-up ("kernel[s] X
# ms" in its PASS/FAIL line); the table gives the median of the RUNS figures per mode and their
# ratio. Needs nvcc and an NVIDIA GPU (prints SKIP otherwise). A benchmark, not a test.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=${1:-5}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
if [[ ! -x $nvcc ]] || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP wave64-cost: needs nvcc and an NVIDIA GPU"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c++17 -O2 -I "$root/kernels/hip_on_cuda" -I "$root/kernels" -x cu -arch=native)
progs=()
for f in "$root"/kernels/wave64-*/fixed.hip "$root"/kernels/wave64-*/bad.hip; do
  [[ -f $f ]] || continue
  p=$(basename "$(dirname "$f")")/$(basename "$f" .hip)
  progs+=("$p")
  b=$work/${p//\//__}
  "$nvcc" "${flags[@]}" "$f" -o "$b.w32" &
  "$nvcc" "${flags[@]}" -DROCM_TIDY_WAVE64 "$f" -o "$b.w64" &
done
wait
ms() { { "$1" 2>/dev/null || true; } | sed -n 's/.*kernels\{0,1\} \([0-9.]*\) ms.*/\1/p' | head -n1; }
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
printf '%-28s %12s %12s %8s\n' program "32-lane ms" "wave64 ms" slowdown
for p in "${progs[@]}"; do
  b=$work/${p//\//__}
  : >"$b.t32"
  : >"$b.t64"
  for ((i = 0; i < runs; i++)); do
    ms "$b.w32" >>"$b.t32"
    ms "$b.w64" >>"$b.t64"
  done
  t32=$(median <"$b.t32")
  t64=$(median <"$b.t64")
  printf '%-28s %12s %12s %7.1fx\n' "$p" "$t32" "$t64" "$(awk -v a="$t32" -v b="$t64" 'BEGIN { print b / a }')"
done
