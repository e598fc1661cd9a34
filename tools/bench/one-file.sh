#!/usr/bin/env bash
# Benchmark (issue #31): what one file costs in rocm-lint against clang itself, on the same
# commands. rocm-lint prints the host and device commands it runs (--verbose); clang++-19 then
# runs each with -fsyntax-only, as two processes one after the other. Per repetition (paired, so
# load drifts hit both sides alike) it records CPU seconds (user+sys) and peak memory, and prints:
#   cpu-ratio   rocm-lint -j1 CPU / (host + device -fsyntax-only CPU)      (goal <= 1.03)
#   mem-ratio   rocm-lint -j1 peak / the larger -fsyntax-only peak          (goal <= 1.15)
#   wall-ratio  rocm-lint -j2 wall / the slower single -fsyntax-only pass  (goal <= 1.15; needs 2 idle cores)
#   clang concurrent / slower pass   clang's passes started at once as processes (clang-par), wall /
#               the slower single pass: the floor of wall-ratio on this machine (1.00 where two parses
#               at once cost nothing; above it where they share caches, memory bandwidth or a core)
#   lint -j2 / clang concurrent      what rocm-lint adds to that floor (goal: within a few %)
# as medians. With CALLGRIND=1 it counts instructions (valgrind) instead of CPU time: slower, but
# the count does not depend on what else the machine runs.
#
# usage: tools/bench/one-file.sh [-r REPS] FILE [rocm-lint options...]     (default -r 5)
#   run it where a user would (inside the project), e.g.
#   cd ggml && ../rocm-tidy/tools/bench/one-file.sh src/ggml-cuda/norm.cu
# env: ROCM_LINT (default build/bin/rocm-lint), CLANG (default clang++-19)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lint=${ROCM_LINT:-$root/build/bin/rocm-lint}
clang=${CLANG:-clang++-19}
reps=5
while getopts r: opt; do
  case $opt in
    r) reps=$OPTARG ;;
    *) echo "usage: $0 [-r REPS] FILE [rocm-lint options...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "usage: $0 [-r REPS] FILE [rocm-lint options...]" >&2; exit 2; }
file=$1
shift
[ -f "$file" ] || { echo "one-file: no file '$file'" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "one-file: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x "$lint" ] || { echo "one-file: no rocm-lint at $lint (build first: tools/dev.sh build)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The system HIP headers: clang must find the same headers rocm-lint parses.
lintargs=(--no-cache --no-progress --hip-headers=system "$@")

# The commands rocm-lint runs: 'command: FILE: (in DIR) ARGV...' lines, host first.
"$lint" "${lintargs[@]}" --verbose -j1 "$file" >/dev/null 2>"$work/verbose" || true
grep -F "command: " "$work/verbose" | grep -F ": (in " > "$work/commands" || {
  echo "one-file: rocm-lint printed no command for '$file':" >&2
  cat "$work/verbose" >&2
  exit 2
}
python3 "$root/tools/bench/lint-commands.py" "$work/commands" "$clang" "$work" "$root" >/dev/null
passes=$(ls "$work"/pass*.sh | wc -l)

measure() { # label command... -> appends "label cpu wall peakKB" (or instructions) to $work/rows
  local label=$1
  shift
  if [ -n "${CALLGRIND:-}" ]; then
    valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$work/cg.%p" "$@" >/dev/null 2>&1 || true
    local ir
    ir=$(cat "$work"/cg.* | awk '/^summary:/ {s += $2} END {print s + 0}')
    rm -f "$work"/cg.*
    echo "$label $ir 0 0" >> "$work/rows"
  else
    /usr/bin/time -f "$label %U %S %e %M" -o "$work/t" "$@" >/dev/null 2>"$work/stderr" || true
    # A fatal error ends a parse early and makes clang look cheap: say so.
    if grep -q "fatal error" "$work/stderr"; then
      echo "one-file: $label stopped at a fatal error: $(grep -m1 'fatal error' "$work/stderr")" >&2
    fi
    awk '{printf "%s %.3f %.3f %d\n", $1, $2 + $3, $4, $5}' "$work/t" >> "$work/rows"
  fi
}
for r in $(seq "$reps"); do
  for p in $(seq 0 $((passes - 1))); do
    measure "pass$p" bash "$work/pass$p.sh"
  done
  measure lint-j1 "$lint" "${lintargs[@]}" -j1 "$file"
  [ -n "${CALLGRIND:-}" ] || measure lint-j2 "$lint" "${lintargs[@]}" -j2 "$file"
  # The floor of -j2: clang's passes at the same time, as two processes.
  [ -n "${CALLGRIND:-}" ] || measure clang-par bash -c 'for f in "$1"/pass*.sh; do bash "$f" & done; wait' _ "$work"
done
python3 - "$work/rows" "$reps" "$passes" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
reps, passes = int(sys.argv[2]), int(sys.argv[3])
by = {}
for label, cpu, wall, mem in rows:
    by.setdefault(label, []).append((float(cpu), float(wall), int(mem)))
cpu_ratio, mem_ratio, wall_ratio = [], [], []
for r in range(reps):
    clang_cpu = sum(by[f"pass{p}"][r][0] for p in range(passes))
    clang_mem = max(by[f"pass{p}"][r][2] for p in range(passes))
    clang_wall = max(by[f"pass{p}"][r][1] for p in range(passes))
    l1 = by["lint-j1"][r]
    cpu_ratio.append(l1[0] / clang_cpu)
    if clang_mem:
        mem_ratio.append(l1[2] / clang_mem)
    if "lint-j2" in by:
        wall_ratio.append(by["lint-j2"][r][1] / clang_wall)
unit = "instructions" if by["lint-j1"][0][1] == 0 else "cpu s"
med = lambda xs: statistics.median(xs) if xs else float("nan")
print(f"passes {passes}, repetitions {reps}")
for p in range(passes):
    print(f"clang -fsyntax-only pass{p}: median {unit} {med([x[0] for x in by[f'pass{p}']]):.3f}")
print(f"rocm-lint -j1: median {unit} {med([x[0] for x in by['lint-j1']]):.3f}")
print(f"cpu-ratio {med(cpu_ratio):.3f} (per repetition: {', '.join(f'{x:.3f}' for x in cpu_ratio)})")
if mem_ratio:
    print(f"mem-ratio {med(mem_ratio):.3f}")
if "clang-par" in by:
    par = [by["clang-par"][r][1] / max(by[f"pass{p}"][r][1] for p in range(passes)) for r in range(reps)]
    over = [by["lint-j2"][r][1] / by["clang-par"][r][1] for r in range(reps)]
    print(f"clang concurrent / slower pass {med(par):.3f} (per repetition: {', '.join(f'{x:.3f}' for x in par)})")
    print(f"lint -j2 / clang concurrent {med(over):.3f} (per repetition: {', '.join(f'{x:.3f}' for x in over)})")
if wall_ratio:
    print(f"wall-ratio -j2 {med(wall_ratio):.3f} (per repetition: {', '.join(f'{x:.3f}' for x in wall_ratio)})")
PY
