#!/usr/bin/env bash
# Benchmark (issue #31, cold projects): files per second of a cold rocm-lint run (no result cache)
# against clang -fsyntax-only of the same host and device commands with the same parallelism.
# rocm-lint prints its commands under --verbose; tools/bench/lint-commands.py turns them into
# clang scripts, which xargs runs JOBS at a time. The ratio (rocm-lint seconds / clang seconds for
# the same files) is the figure; the seconds depend on the machine and its load.
# Numbers only; speed is never asserted anywhere.
#
# usage: tools/bench/cold-project.sh [-j "1 2"] [DIR [rocm-lint options...]]
#   DIR: a project to lint as a user would (run from inside it); without one, a generated tree
#   of N_FILES .hip files (tools/bench/benchgen.py tree; env N_FILES, default 30).
# env: ROCM_LINT (default build/bin/rocm-lint), CLANG (default clang++-19)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lint=${ROCM_LINT:-$root/build/bin/rocm-lint}
clang=${CLANG:-clang++-19}
jobs="1 2"
while getopts j: opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    *) echo "usage: $0 [-j \"1 2\"] [DIR [rocm-lint options...]]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -x "$lint" ] || { echo "cold-project: no rocm-lint at $lint (build first: tools/dev.sh build)" >&2; exit 2; }
command -v /usr/bin/time >/dev/null || { echo "cold-project: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 1 ]; then
  dir=$(cd "$1" && pwd) || { echo "cold-project: no folder '$1'" >&2; exit 2; }
  shift
else
  dir=$work/tree
  python3 "$root/tools/bench/benchgen.py" tree "$dir" "${N_FILES:-30}" 10 cold-project.sh
fi
cd "$dir"
# The system HIP headers: clang must find the same headers rocm-lint parses.
lintargs=(--no-cache --no-progress --hip-headers=system "$@" .)

"$lint" "${lintargs[@]}" --verbose -j1 >/dev/null 2>"$work/verbose" || true
mkdir "$work/cmds"
passes=$(python3 "$root/tools/bench/lint-commands.py" "$work/verbose" "$clang" "$work/cmds" "$root")
[ "$passes" -gt 0 ] || { echo "cold-project: rocm-lint printed no command" >&2; tail -3 "$work/verbose" >&2; exit 2; }
files=$(grep -F "command: " "$work/verbose" | grep -F ": (in " | sed 's/.*command: \(.*\): (in .*/\1/' | sort -u | wc -l)
echo "project:  $dir ($files files, $passes clang passes)"
echo "machine:  $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for j in $jobs; do
  /usr/bin/time -f "%e %U %S" -o "$work/lint.t" "$lint" "${lintargs[@]}" -j"$j" >/dev/null 2>&1 || true
  /usr/bin/time -f "%e %U %S" -o "$work/clang.t" \
    sh -c "ls '$work'/cmds/pass*.sh | xargs -P $j -n 1 sh >/dev/null 2>&1" || true
  # time writes "Command exited with non-zero status N" first when the command fails (rocm-lint
  # exits 1 with findings): the figures are on the last line.
  read -r lw lu ls < <(tail -n 1 "$work/lint.t")
  read -r cw cu cs < <(tail -n 1 "$work/clang.t")
  awk -v j="$j" -v f="$files" -v lw="$lw" -v lc="$(echo "$lu + $ls" | bc)" -v cw="$cw" -v cc="$(echo "$cu + $cs" | bc)" 'BEGIN {
    printf "-j%s  rocm-lint %.1f s wall (%.2f files/s), %.1f s cpu | clang -fsyntax-only %.1f s wall (%.2f files/s), %.1f s cpu | wall ratio %.2f, cpu ratio %.2f\n",
      j, lw, f / lw, lc, cw, f / cw, cc, lw / cw, lc / cc }'
done
