#!/usr/bin/env bash
# Builds and runs the wave64 programs of issue 32 with tools/rocm-wave64 (32 lanes, and 64-lane
# wavefront semantics emulated on the same NVIDIA GPU: not an AMD GPU), one device call.
#
#   run-all.sh OUTDIR [GROUP...]
#
# Groups (default: own hec-fix hec-ok cost):
#   own        this folder's bug-*.hip (built as is and with -DFIXED) and ok-*.hip
#   hec-fix    HeCBench programs before and after a wave64 fix commit (kind fix-* in programs.json)
#   hec-ok     HeCBench programs with cross-lane operations (kind ok)
#   hec-sweep  HeCBench sweep programs (kinds sweep and sweep-replacement: docs/validation.md)
# NAMES (space-separated program names), when set, keeps only those HeCBench programs.
#   cost       wall time of every kept program whose two runs exited 0 in under COST_MAX_S seconds
#              (default 20), 3 runs per width, median (OUTDIR/cost.tsv)
# HeCBench programs come from $HEC_DIR (default: <repository>/tmp-hec, made outside the repository
# by a selection script; never committed): programs.json lists name, dir, src, flags, args.
# Environment: PAR (parallel rocm-wave64 calls, default 6), TIMEOUT_S (per run, default 120),
# W64_FLAGS (more rocm-wave64 options for every program, e.g. --parallel for programs that run for minutes).
# Writes OUTDIR/logs/NAME.txt (rocm-wave64's output and its exit status) and OUTDIR/summary.tsv.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
export W64="$ROOT/tools/rocm-wave64" HERE
export HEC_DIR=${HEC_DIR:-$ROOT/tmp-hec}
export TIMEOUT_S=${TIMEOUT_S:-120} W64_FLAGS=${W64_FLAGS:-}
PAR=${PAR:-6}
[ $# -ge 1 ] || { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
export OUT=$1; shift
GROUPS_WANTED=("$@")
[ ${#GROUPS_WANTED[@]} -gt 0 ] || GROUPS_WANTED=(own hec-fix hec-ok cost)
mkdir -p "$OUT/logs" "$OUT/bin"

run_one() { # NAME CWD ARGS-STRING FLAG-OR-SOURCE...
  local name=$1 cwd=$2 args=$3
  shift 3
  mkdir -p "$OUT/bin/$name"
  printf '%s\n' "$cwd" > "$OUT/bin/$name/cwd"
  printf '%s\n' "$args" > "$OUT/bin/$name/args"
  local start
  start=$(date +%s)
  (cd "$cwd" && eval "set -- $args" && ARGS=("$@") &&
    "$W64" --timeout="$TIMEOUT_S" --keep="$OUT/bin/$name" ${W64_FLAGS} ${RUN_FLAGS} -- "${ARGS[@]}") \
    > "$OUT/logs/$name.txt" 2>&1
  echo "exit=$? wall=$(($(date +%s) - start))s" >> "$OUT/logs/$name.txt"
}
export -f run_one

jobs_for() { # GROUP: one line per job: NAME, CWD, ARGS, FLAGS+SOURCES separated by \x1f (empty ARGS kept)
  case "$1" in
    own)
      for s in "$HERE"/bug-*.hip; do
        n=$(basename "$s" .hip)
        printf '%s\x1f%s\x1f\x1f%s\n' "$n" "$HERE" "-I $HERE $s" "$n-fixed" "$HERE" "-I $HERE -DFIXED $s"
      done
      for s in "$HERE"/ok-*.hip; do
        printf '%s\x1f%s\x1f\x1f%s\n' "$(basename "$s" .hip)" "$HERE" "-I $HERE $s"
      done ;;
    hec-*)
      python3 - "$1" <<'PY'
import json, os, sys
kind = sys.argv[1][4:]
names = os.environ.get('NAMES', '').split()
for r in json.load(open(os.path.join(os.environ['HEC_DIR'], 'programs.json'))):
    k = r['kind']
    if kind == 'fix' and not k.startswith('fix-'): continue
    if kind == 'ok' and k != 'ok': continue
    if kind == 'sweep' and k not in ('sweep', 'sweep-replacement'): continue
    if names and r['name'] not in names: continue
    cwd = os.path.join(os.environ['HEC_DIR'], r['name'], r['dir'])
    srcs = ' '.join([r['src']] + r.get('extra_src', '').split())
    print('\x1f'.join([r['name'], cwd, r['args'], ('-I . ' + r['flags'] + ' ' + srcs).strip()]))
PY
      ;;
  esac
}

for g in "${GROUPS_WANTED[@]}"; do
  [ "$g" = cost ] && continue
  jobs_for "$g"
done | while IFS=$'\x1f' read -r name cwd args flags; do
  printf '%s\0%s\0%s\0%s\0' "$name" "$cwd" "$args" "$flags"
done | xargs -0 -n 4 -P "$PAR" bash -c 'RUN_FLAGS=$4 run_one "$1" "$2" "$3"' _

if printf '%s\n' "${GROUPS_WANTED[@]}" | grep -qx cost; then
  # Alone on the GPU: three runs per width, the median wall time.
  printf 'program\tw32_s\tw64_s\tratio\n' > "$OUT/cost.tsv"
  for d in "$OUT"/bin/*/; do
    n=$(basename "$d")
    [ -x "$d/prog-w32" ] && [ -x "$d/prog-w64" ] || continue
    # Only programs whose runs took under COST_MAX_S seconds each (default 20), to bound the call.
    slow=$(sed -n 's/^  \(32\|64\) lanes: exit 0 in \([0-9.]*\) s.*/\2/p' "$OUT/logs/$n.txt" 2>/dev/null |
      awk -v m="${COST_MAX_S:-20}" 'BEGIN { s = 0; n = 0 } { n++; if ($1 > m) s = 1 } END { print (n == 2 && !s) ? 0 : 1 }')
    [ "$slow" = 0 ] || continue
    cwd=$(cat "$d/cwd"); args=$(cat "$d/args")
    med=()
    for w in 32 64; do
      ts=()
      for _ in 1 2 3; do
        s=$(date +%s.%N)
        (cd "$cwd" && eval "set -- $args" && timeout "$TIMEOUT_S" "$d/prog-w$w" "$@") > /dev/null 2>&1
        ts+=("$(echo "$(date +%s.%N) $s" | awk '{printf "%.3f", $1 - $2}')")
      done
      med+=("$(printf '%s\n' "${ts[@]}" | sort -n | sed -n 2p)")
    done
    printf '%s\t%s\t%s\t%s\n' "$n" "${med[0]}" "${med[1]}" "$(echo "${med[0]} ${med[1]}" | awk '{printf "%.2f", $2 / $1}')" >> "$OUT/cost.tsv"
  done
fi

# One row per program: the two runs and rocm-wave64's verdict.
printf 'program\tw32\tw64\texit\tverdict\n' > "$OUT/summary.tsv"
for f in "$OUT"/logs/*.txt; do
  n=$(basename "$f" .txt)
  w32=$(sed -n 's/^  32 lanes: //p' "$f" | head -n1)
  w64=$(sed -n 's/^  64 lanes: //p' "$f" | head -n1)
  ex=$(sed -n 's/^exit=\([0-9]*\).*/\1/p' "$f")
  verdict=$(grep '^rocm-wave64: ' "$f" | grep -v ': NVIDIA\|mapping ' | tail -n1 | cut -c14-)
  printf '%s\t%s\t%s\t%s\t%s\n' "$n" "$w32" "$w64" "$ex" "$verdict" >> "$OUT/summary.tsv"
done
cat "$OUT/summary.tsv"
[ -f "$OUT/cost.tsv" ] && cat "$OUT/cost.tsv"
exit 0
