#!/bin/bash
# Cost of 'rocm-lint index' (the kernel facts of each file's own parse: one host pass, no checks,
# cached like an analysis; a lint run records the same facts on the parse it makes anyway): cold
# (empty cache folder), warm (nothing changed) and after editing one file, on a generated tree of N
# files with kernels, __launch_bounds__, __shared__ arrays and device functions.
# usage: tools/bench/index-bench.sh [BUILD_DIR] [N_FILES] [REPEATS] [JOBS]
set -euo pipefail
BUILD=${1:-build}; N=${2:-300}; R=${3:-3}; J=${4:-2}
LINT=$(cd "$BUILD" && pwd)/bin/rocm-lint
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
python3 - "$TMP/src" "$N" <<'PY'
import os, sys
root, n = sys.argv[1], int(sys.argv[2])
os.makedirs(root)
for i in range(n):
    with open(os.path.join(root, "unit%03d.cu" % i), "w") as f:
        f.write("#include <hip/hip_runtime.h>\n#define TILE%d 32\nnamespace u%d {\n" % (i, i))
        for k in range(3):
            f.write("__device__ float helper%d_%d(float *p) {\n  __shared__ float s[TILE%d][TILE%d + 1];\n"
                    "  s[threadIdx.y][threadIdx.x] = p[threadIdx.x];\n  return s[threadIdx.x][threadIdx.y];\n}\n" % (i, k, i, i))
            f.write("template <int B>\n__global__ void __launch_bounds__(B) kern%d_%d(float *p, int n) {\n"
                    "  __shared__ double acc[B];\n  acc[threadIdx.x] = helper%d_%d(p);\n  /* %s */\n}\n" % (i, k, i, k, "x" * 200))
        f.write("} // namespace u%d\n" % i)
PY
cd "$TMP"
t() { local s e; s=$(date +%s.%N); "$@" > /dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }
best() { local b=""; for _ in $(seq "$R"); do v=$("$@"); if [ -z "$b" ] || [ "$(echo "$v < $b" | bc)" = 1 ]; then b=$v; fi; done; echo "$b"; }
cold() { rm -rf "$TMP/cache"; t "$LINT" index -j"$J" --hip-headers=builtin src --output="$TMP/index.json" --cache-dir="$TMP/cache"; }
warm() { t "$LINT" index -j"$J" --hip-headers=builtin src --output="$TMP/index.json" --cache-dir="$TMP/cache"; }
edit() { echo "// edit $RANDOM" >> src/unit000.cu; t "$LINT" index -j"$J" --hip-headers=builtin src --output="$TMP/index.json" --cache-dir="$TMP/cache"; }
BYTES=$(cat src/*.cu | wc -c)
echo "files: $N ($BYTES bytes)"
echo "cold (no cache), best of $R: $(best cold) s"
warm > /dev/null
echo "warm (unchanged), best of $R: $(best warm) s"
echo "one file edited, best of $R: $(best edit) s"
echo "kernels indexed: $(python3 -c "import json;print(len(json.load(open('$TMP/index.json'))['kernels']))")"
