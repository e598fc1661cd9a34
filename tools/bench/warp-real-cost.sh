#!/usr/bin/env bash
# Cost of rocm-warp-size-assumption on real files: the median wall time of RUNS runs of rocm-lint
# with the check alone against the same runs with rocm-cuda-header alone (a check that costs next
# to nothing: the difference is the warp check), per file, host and device passes as rocm-lint
# runs them, no cache, no index.
#
#   tools/bench/warp-real-cost.sh [--lint BIN] [--runs N] DIR:FILE...
#
# DIR is the root of an extracted project (a git repository, so rocm-lint finds its root), FILE a
# path inside it. Prints one line per file: baseline median, with-check median, difference.
# A measurement, not a test: the figures depend on the machine's load.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lint=$root/build/bin/rocm-lint
runs=5
inputs=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --lint) lint=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -*) echo "warp-real-cost: unknown argument '$1'" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
# Each run starts inside its project: a relative --lint names a path from here.
[[ $lint == /* ]] || lint=$PWD/$lint
[[ -f $lint && -x $lint ]] || { echo "warp-real-cost: no rocm-lint at $lint" >&2; exit 2; }
[[ ${#inputs[@]} -gt 0 ]] || { echo "warp-real-cost: no DIR:FILE given" >&2; exit 2; }

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
time_one() { # dir file checks -> seconds
  local start end
  start=$(date +%s.%N)
  (cd "$1" && "$lint" "--checks=$3" --no-cache --no-index --no-progress -q "$2" > /dev/null 2>&1) || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}

for input in "${inputs[@]}"; do
  dir=${input%%:*}
  file=${input#*:}
  [[ -f $dir/$file ]] || { echo "warp-real-cost: no file $dir/$file" >&2; exit 2; }
  base=() warp=()
  # Alternating runs, so a change in the machine's load hits both sides alike.
  for ((i = 0; i < runs; ++i)); do
    base+=("$(time_one "$dir" "$file" rocm-cuda-header)")
    warp+=("$(time_one "$dir" "$file" rocm-warp-size-assumption)")
  done
  b=$(printf '%s\n' "${base[@]}" | median)
  w=$(printf '%s\n' "${warp[@]}" | median)
  awk -v f="$file" -v b="$b" -v w="$w" \
    'BEGIN { printf "%-50s cuda-header %.2f s   warp-size-assumption %.2f s   difference %+.2f s (%+.1f%%)\n", f, b, w, w - b, 100 * (w - b) / b }'
done
