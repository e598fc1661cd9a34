#!/usr/bin/env bash
# Benchmark: wall time of 'rocm-lint -j1' against '-j2' (or the -j values given) on the generated
# end-to-end project (test/e2e/gen_project.py: a CMake HIP project linted through its compile
# database). Reports numbers only; speed is never asserted anywhere.
#
# usage: tools/bench/lint-parallel.sh [-r REPS] [-c CHECKS] [JOBS...]     (default: -r 5, all rocm-* checks, 1 2)
# env:   ROCM_LINT (default build/bin/rocm-lint)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lint=${ROCM_LINT:-$root/build/bin/rocm-lint}
reps=5
checks='rocm-*'
while getopts r:c: opt; do
  case $opt in
    r) reps=$OPTARG ;;
    c) checks=$OPTARG ;;
    *) echo "usage: $0 [-r REPS] [-c CHECKS] [JOBS...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
jobs=("$@")
[ ${#jobs[@]} -eq 0 ] && jobs=(1 2)
command -v /usr/bin/time >/dev/null || { echo "lint-parallel: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
[ -x "$lint" ] || { echo "lint-parallel: no rocm-lint at $lint (build first: tools/dev.sh build)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/test/e2e/gen_project.py" generate "$work/proj" >/dev/null
python3 "$root/test/e2e/gen_project.py" configure "$work/proj" "$work/build"
cd "$work/proj"
args=(--hip-headers=builtin "--checks=$checks" -p ../build --format=json --no-progress src apps tests)

echo "rocm-lint: $lint"
echo "machine:   $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) before the runs"
echo "project:   $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["summary"]["files"])' \
  <("$lint" "${args[@]}" 2>/dev/null || true)) files, checks '$checks', $reps runs per -j value"
printf '%-6s %10s %10s %10s %9s %9s\n' "-j" "min s" "median s" "max s" "cpu" "speed-up"
base=""
ref=""
cpus=()
for j in "${jobs[@]}"; do
  times=()
  for ((r = 0; r < reps; r++)); do
    set +e
    /usr/bin/time -f '%e %U %S' -o "$work/time.txt" "$lint" "${args[@]}" -j "$j" > "$work/out.json" 2> "$work/err.txt"
    rc=$?
    set -e
    if [ $rc -gt 1 ]; then
      echo "lint-parallel: rocm-lint -j$j exited $rc:" >&2
      cat "$work/err.txt" >&2
      exit 1
    fi
    # Parallelism must not change the report.
    if [ -z "$ref" ]; then
      cp "$work/out.json" "$work/ref.json"
      ref=1
    elif ! cmp -s "$work/out.json" "$work/ref.json"; then
      echo "lint-parallel: -j$j gave a different report" >&2
      exit 1
    fi
    read -r wall user sys < <(tail -n 1 "$work/time.txt")
    times+=("$wall")
    cpus+=("$(echo "100 * ($user + $sys) / $wall" | bc -l)")
  done
  read -r min med max < <(printf '%s\n' "${times[@]}" | sort -g | awk '{ t[NR] = $1 } END { printf "%.2f %.2f %.2f\n", t[1], t[int((NR + 1) / 2)], t[NR] }')
  cpu=$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ t[NR] = $1 } END { printf "%.0f%%", t[int((NR + 1) / 2)] }')
  cpus=()
  [ -z "$base" ] && base=$med
  printf '%-6s %10s %10s %10s %9s %8.2fx\n' "$j" "$min" "$med" "$max" "$cpu" "$(echo "$base / $med" | bc -l)"
done
echo "(cpu: median (user+sys)/wall; near 100% at -j2 means the second core was busy with other work)"
