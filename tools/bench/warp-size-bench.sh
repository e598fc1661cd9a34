#!/usr/bin/env bash
# Cost of rocm-warp-size-assumption on a large generated HIP file.
#
#   tools/bench/warp-size-bench.sh [KERNELS] [RUNS]
#
# Generates KERNELS kernels (default 400: ~30k lines, plus the HIP and C++ headers), then runs
# clang-tidy-19 with the plugin RUNS times (default 5) for each of:
#   baseline: -checks='-*,rocm-cuda-header' (preprocessor callbacks only: parsing plus clang-tidy's overhead)
#   warp:     -checks='-*,rocm-warp-size-assumption'
# and prints the median CPU time (user + system) of each, the difference, and the check's own
# time from --enable-check-profile (the median of RUNS profiled runs). Uses ROCm's headers from
# /usr/include/hip when present (they hold thousands of device functions, which the check must
# skip cheaply), else the test header.
# A benchmark, not a test: the numbers depend on the machine and its load. With CALLGRIND=1
# (valgrind; a few minutes for 400 kernels) the script also counts instructions, which the load
# does not disturb: clang-tidy with only rocm-cuda-header (the baseline) and with the check, and
# their difference as a share of the baseline (the check's whole cost, its diagnostics included),
# split into reporting the findings (clang's diagnostics engine) and the analysis.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
kernels=${1:-400}
runs=${2:-5}
plugin=$root/build/lib/RocmTidyModule.so
tidy=${CLANG_TIDY:-clang-tidy-19}
[[ -f $plugin ]] || { echo "warp-size-bench: build the plugin first ($plugin)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/warp_bench.hip
python3 "$root/tools/bench/gen-warp-bench.py" --kernels "$kernels" "$src"

flags=(-x hip --offload-arch=gfx90a -nogpulib --cuda-host-only)
if [[ -f /usr/include/hip/hip_runtime.h ]]; then
  headers="ROCm headers (/usr/include/hip)"
else
  flags+=(-nogpuinc -isystem "$root/test/Inputs/include")
  headers="rocm-tidy's fallback header"
fi
pass=${PASS:-host}
[[ $pass == device ]] && flags=("${flags[@]/--cuda-host-only/--cuda-device-only}")

# Prints the CPU seconds (user + system) of one run: on a shared machine they vary less than
# wall time, which waits for other people's jobs too.
one() {
  local TIMEFORMAT='%3U %3S' t
  t=$({ time "$tidy" --load="$plugin" -checks="$1" "$src" -- "${flags[@]}" > "$work/out" 2>&1; } 2>&1 || true)
  echo "$t" | awk '{print $1 + $2}'
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

"$tidy" --load="$plugin" -checks='-*,rocm-warp-size-assumption' "$src" -- "${flags[@]}" > "$work/found" 2>&1 || true
findings=$(grep -c 'warning: .*\[rocm-warp-size-assumption\]' "$work/found" || true)

base_times=() warp_times=()
for ((r = 0; r < runs; ++r)); do
  base_times+=("$(one '-*,rocm-cuda-header')")
  warp_times+=("$(one '-*,rocm-warp-size-assumption')")
done
base=$(printf '%s\n' "${base_times[@]}" | median)
warp=$(printf '%s\n' "${warp_times[@]}" | median)

# The check's own time: matcher callbacks (the body scans) and the matchers of its nodes. One
# profiled run varies by a third on a shared machine, so the median of RUNS is reported.
# The profile's columns: user, system, user+system, wall (seconds), each followed by a percentage.
profiles=()
for ((r = 0; r < runs; ++r)); do
  "$tidy" --load="$plugin" -checks='-*,rocm-warp-size-assumption' --enable-check-profile "$src" -- "${flags[@]}" \
    > "$work/profile" 2>&1 || true
  profiles+=("$(awk '/rocm-warp-size-assumption/ && /[0-9]/ {print; exit}' "$work/profile")")
done
cpu_of() { awk '{n = 0; for (i = 1; i <= NF; ++i) if ($i ~ /^[0-9.]+$/) t[++n] = $i; print t[n - 1], $0}'; }
profile=$(printf '%s\n' "${profiles[@]}" | cpu_of | sort -n -k1 | awk '{a[NR]=$0} END {print a[int((NR+1)/2)]}' |
  cut -d' ' -f2-)
# LLVM leaves out a column whose total is zero (often the system time), so the times are read
# from the right: the last is wall time, the one before it user + system.
check_cpu=$(echo "$profile" | awk '{n = 0; for (i = 1; i <= NF; ++i) if ($i ~ /^[0-9.]+$/) t[++n] = $i; print t[n - 1]}')
check_wall=$(echo "$profile" | awk '{n = 0; for (i = 1; i <= NF; ++i) if ($i ~ /^[0-9.]+$/) t[++n] = $i; print t[n]}')

lines=$(wc -l < "$src")
echo "warp-size-bench: $kernels kernels, $lines lines, $headers, $pass pass, $runs runs each, $findings findings"
printf '  baseline (rocm-cuda-header)        median %.3f s CPU\n' "$base"
printf '  rocm-warp-size-assumption          median %.3f s CPU  (%+.2f%% of the baseline)\n' "$warp" \
  "$(echo "($warp - $base) * 100 / $base" | bc -l)"
printf '  --enable-check-profile, the check  %.4f s CPU, %.4f s wall  (%.2f%% of the baseline CPU time)\n' \
  "$check_cpu" "$check_wall" "$(echo "$check_cpu * 100 / $base" | bc -l)"
echo "  profile line: $profile"
if [[ -n ${CALLGRIND:-} ]]; then
  # $1: the profile to write; the rest: the command. Prints the instructions counted.
  count() {
    local out=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$out" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p'
  }
  # The inclusive instructions of the first function whose name matches $2 in profile $1.
  incl() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
      awk -v pat="$2" '$0 ~ pat {gsub(",", "", $1); print $1; found = 1; exit} END {if (!found) print 0}'
  }
  ir_base=$(count "$work/cg.base" "$tidy" --load="$plugin" -checks='-*,rocm-cuda-header' "$src" -- "${flags[@]}")
  ir_warp=$(count "$work/cg.warp" "$tidy" --load="$plugin" -checks='-*,rocm-warp-size-assumption' "$src" -- "${flags[@]}")
  printf '  instructions: baseline %s, rocm-warp-size-assumption %s  (%+.2f%% of the baseline)\n' "$ir_base" "$ir_warp" \
    "$(echo "($ir_warp - $ir_base) * 100 / $ir_base" | bc -l)"
  # That difference also holds noise of about 1% either way: clang keys tables such as a declaration's
  # attributes by address, and the plugin's own allocations move those addresses, so the parse alone
  # takes a different number of instructions for the same calls. The check's part is measured where
  # it runs instead: the AST matcher walk (its callback, the matcher's visit of every node) beyond
  # the baseline's walk, less the diagnostics emitted during it; reporting is clang's diagnostics
  # engine (emitting, filtering and printing the warnings and notes).
  emit='DiagnosticsEngine::EmitCurrentDiagnostic[(]bool[)]'
  walk='MatchFinder::matchAST[(]'
  printing='clang::tidy::handleErrors[(]'
  report=$(($(incl "$work/cg.warp" "$emit") - $(incl "$work/cg.base" "$emit")))
  emitted_in_walk=$((report - $(incl "$work/cg.warp" "$printing")))
  analysis=$(($(incl "$work/cg.warp" "$walk") - $(incl "$work/cg.base" "$walk") - emitted_in_walk))
  printf '    the check'"'"'s analysis (matcher walk and callback) %s (%.2f%%); reporting its %s findings %s (%.2f%%)\n' \
    "$analysis" "$(echo "$analysis * 100 / $ir_base" | bc -l)" "$findings" "$report" \
    "$(echo "$report * 100 / $ir_base" | bc -l)"
fi
