#!/usr/bin/env bash
# Benchmark of 'rocm-lint explain': the error notebook's patterns on logs built to make a
# backtracking engine slow (80 KB each: lines full of the prefix of a '.*' pattern, and a team
# pattern with nested quantifiers, (a+)+$, on its worst input) and on a long ordinary build log
# (about 16 MB). RE2 keeps all of them linear. OLD=path/to/an/older/rocm-lint times that binary too;
# each run is cut at LIMIT seconds (default 60), so a hanging one reads as the limit.
#
#   tools/bench/notebook-explain.sh [BUILD_DIR] [RUNS]
set -euo pipefail
BUILD=${1:-build}
RUNS=${2:-3}
TOOL=$BUILD/bin/rocm-lint
[ -x "$TOOL" ] || { echo "error: $TOOL not built" >&2; exit 2; }
DIR=$(mktemp -d "${TMPDIR:-/tmp}/notebook-bench.XXXXXX")
trap 'rm -rf "$DIR"' EXIT

python3 - "$DIR" <<'PY'
import json, os, random, sys
d = sys.argv[1]
open(os.path.join(d, "prefix.log"), "w").write((("hipFuncSetAttribute " * 200)[:4000] + "\n") * 10 +
                                                (("warpSize " * 450)[:4000] + "\n") * 10)
open(os.path.join(d, "nested.log"), "w").write(("a" * 4000 + "!\n") * 20)
json.dump({"entries": [{"id": "nested", "phase": "build", "title": "t", "patterns": ["(a+)+$"], "fix": ["x"]}]},
          open(os.path.join(d, "nested.json"), "w"))
rng = random.Random(7)
lines = ["[%3d%%] Building HIP object src/CMakeFiles/app.dir/k%d.hip.o" % (i % 100, i) for i in range(50)]
lines += ["src/k%d.hip:%d:%d: warning: unused variable 'tmp%d' [-Wunused-variable]" % (i, i, 7, i) for i in range(50)]
with open(os.path.join(d, "long.log"), "w") as f:
    for i in range(250000):
        f.write(rng.choice(lines) + "\n")
    f.write("/usr/bin/ld: main.o:(.hipFatBinSegment+0x8): undefined reference to `__hip_fatbin'\n")
PY

run() { # label, binary name, binary, args...
  local label=$1 name=$2 bin=$3; shift 3
  local best=""
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s.%N)
    timeout "${LIMIT:-60}" "$bin" explain "$@" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    best=$(python3 -c "a='$best'; b=$t1-$t0; print(b if not a or b < float(a) else a)")
  done
  printf '%-8s %-5s %8.3f s\n' "$label" "$name" "$best"
}
echo "log      tool  best of $RUNS (wall)"
for B in "$TOOL" ${OLD:+"$OLD"}; do
  N=$([ "$B" = "$TOOL" ] && echo new || echo old)
  run prefix "$N" "$B" "$DIR/prefix.log"
  run nested "$N" "$B" --notebook="$DIR/nested.json" "$DIR/nested.log"
  run long "$N" "$B" "$DIR/long.log"
done
ls -l "$DIR"/*.log | awk '{printf "%s %d bytes\n", $9, $5}' | sed "s|$DIR/||"
