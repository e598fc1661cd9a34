#!/usr/bin/env bash
# Benchmark (issue #31 item 4): what publishing device-side findings costs in the editor.
#
# Default mode: times rocm-clangd from opening a HIP file to its diagnostics
# (test/rocm-clangd/lsp_client.py: start, open, wait for the rocm-* diagnostics, one code action),
# with the device pass (rocm-clangd-device-pass) and without it (removed in .clangd), paired, and
# prints the medians and their ratio.
#
# --edit mode (the issue's moment and baseline): the latency after an edit, from textDocument/didChange
# to the publishDiagnostics of that version, of rocm-clangd with all rocm-* checks and the device pass
# against stock clangd-19 without the rocm checks, same file, same compile_commands.json. Both servers
# open the file once and stay up; each edit (test/rocm-clangd/lsp_edit.py: insert a top-level
# declaration before line AT (-k decl), or a statement at the end of the function starting at line
# AT (-k body), then remove it again, so the lines below shift) goes to both, one after the other,
# alternating which goes first; prints every edit and the medians of wall and server CPU time.
# clangd waits before it rebuilds after a change (its debounce: the median of its recent rebuild
# times, between 50 and 500 ms); that wait is part of what an editor sees, so it is in the figure.
#
# The default input is generated (gen-warp-bench.py, 100 kernels) plus one region only the device
# compile sees, since a file without such regions does not run the device parse at all.
# usage: tools/bench/clangd-device-latency.sh [-r REPS] [FILE]                (default -r 7)
#        tools/bench/clangd-device-latency.sh --edit [-n EDITS] [-a LINE] [-k decl|body] [-f FLAGS] [FILE]
#          -n: edits (default 11); -a: where the edit goes (default: the middle __global__ line);
#          -k: what it is (default decl); -f: compile flags for FILE instead of the default HIP host flags
#          (-xhip --offload-arch=gfx90a -nogpulib -nogpuinc --cuda-host-only -isystem test/Inputs/include)
# env: ROCM_CLANGD (default build/bin/rocm-clangd), CLANGD (default clangd-19)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
clangd=${ROCM_CLANGD:-$root/build/bin/rocm-clangd}
stock=${CLANGD:-clangd-19}
reps=7
edit=0
edits=11
kind=decl
at=
flags=
if [ "${1:-}" = --edit ]; then
  edit=1
  shift
fi
usage="usage: $0 [-r REPS] [FILE] | $0 --edit [-n EDITS] [-a LINE] [-k decl|body] [-f FLAGS] [FILE]"
while getopts r:n:a:k:f: opt; do
  case $opt in
    r) reps=$OPTARG ;;
    n) edits=$OPTARG ;;
    a) at=$OPTARG ;;
    k) kind=$OPTARG ;;
    f) flags=$OPTARG ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -x "$clangd" ] || { echo "clangd-device-latency: no rocm-clangd at $clangd" >&2; exit 2; }
if [ $edit = 1 ] && ! command -v "$stock" >/dev/null; then
  echo "clangd-device-latency: no stock clangd at '$stock' (apt-get install clangd-19, or set CLANGD)" >&2
  exit 2
fi
[ $# -le 1 ] || { echo "$usage" >&2; exit 2; }
case $kind in decl | body) ;; *) echo "$usage" >&2; exit 2 ;; esac
[ $# = 0 ] || [ -f "$1" ] || { echo "clangd-device-latency: no such file '$1'" >&2; exit 2; }
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
if [ $edit = 1 ]; then
  # Stock clangd in off/, rocm-clangd in on/: the same file and the same compile_commands.json; only
  # on/ has a .clangd, which turns the rocm-* checks on (the device pass is one of them).
  [ -n "$flags" ] || flags="-xhip --offload-arch=gfx90a -nogpulib -nogpuinc --cuda-host-only -isystem $root/test/Inputs/include"
  for side in on off; do
    python3 - "$work/$side" "$flags" <<'PY'
import json, shlex, sys
d = sys.argv[1]
cmd = ["clang++"] + shlex.split(sys.argv[2]) + ["-c", "input.hip"]
json.dump([{"directory": d, "file": d + "/input.hip", "arguments": cmd}], open(d + "/compile_commands.json", "w"))
PY
  done
  printf 'Diagnostics:\n  ClangTidy:\n    Add: [rocm-*]\n    FastCheckFilter: None\n' > "$work/on/.clangd"
  if [ -z "$at" ]; then
    at=$(grep -n '^__global__' "$work/on/input.hip" | awk -F: '{l[NR] = $1} END {print (NR ? l[int((NR + 1) / 2)] : 1)}')
  fi
  n=$(wc -l < "$work/on/input.hip")
  echo "edit latency: $(basename "${1:-generated}") ($n lines), $kind edits at line $at; a = $stock, b = rocm-clangd"
  python3 "$root/test/rocm-clangd/lsp_edit.py" --bench "$edits" --at "$at" --kind "$kind" --a "$stock" "$work/off" \
    --b "$clangd" "$work/on" --file input.hip
  exit
fi
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
