#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-19, -fsanitize=fuzzer,address,undefined) and runs each for a
# set time. Usage: test/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET] (default 60)
# Needs a configured build (for the generated embedded data) in $BUILD_DIR (default: build) and
# the Debian package libclang-rt-19-dev. Prints executions and crashes per target; exits 1 if any
# target found a crash (the reproducer is left in $BUILD_DIR/fuzz/).
set -euo pipefail
cd "$(dirname "$0")/../.."
SECS=${1:-60}
BUILD_DIR=${BUILD_DIR:-build}
OUT="$BUILD_DIR/fuzz"
mkdir -p "$OUT"
EMBED="$BUILD_DIR/gen/EmbeddedData.cpp"
[ -f "$EMBED" ] || { echo "run-fuzzers: $EMBED missing: build first (tools/dev.sh build)" >&2; exit 2; }
CXX=${CXX:-clang++-19}
FLAGS=(-std=c++17 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Ilib -I.
  -isystem /usr/lib/llvm-19/include)
# lib/core/Suppression matches rule lists with clang-tidy's GlobList; lib/core/TextEdits applies
# edits with clang::tooling::Replacements (clangToolingCore and the libraries it needs).
LIBS=(-L/usr/lib/llvm-19/lib -lclangTidy -lclangToolingCore -lclangRewrite -lclangLex -lclangBasic -lLLVM -lre2)
build() { # name sources...
  local name=$1
  shift
  [ "$OUT/$name" -nt "test/fuzz/$name.cpp" ] && [ -z "${FORCE:-}" ] || "$CXX" "${FLAGS[@]}" -o "$OUT/$name" "$@"
}
build command_fuzzer test/fuzz/command_fuzzer.cpp lib/core/CommandSanitizer.cpp
build cmake_fuzzer test/fuzz/cmake_fuzzer.cpp lib/buildscripts/*.cpp lib/cmake/*.cpp lib/core/*.cpp "$EMBED" "${LIBS[@]}"
# The notebook reader, matcher and redaction (lib/core has Notebook.cpp and Redact.cpp).
build notebook_fuzzer test/fuzz/notebook_fuzzer.cpp lib/buildscripts/*.cpp lib/cmake/*.cpp lib/core/*.cpp "$EMBED" \
  "${LIBS[@]}"
status=0
root=$PWD # the seeds' folders, named before the run changes into $OUT
for t in command_fuzzer cmake_fuzzer notebook_fuzzer; do
  corpus="$OUT/$t-corpus"
  mkdir -p "$corpus"
  seeds=()
  [ "$t" = cmake_fuzzer ] && seeds=(test/cmake kernels)
  [ "$t" = notebook_fuzzer ] && seeds=(lib/data test/notebook/corpus)
  log="$OUT/$t.log"
  set +e
  (cd "$OUT" && "./$t" -max_total_time="$SECS" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
     -artifact_prefix="$t-" "$t-corpus" "${seeds[@]/#/$root/}") > "$log" 2>&1
  rc=$?
  set -e
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
  [ -n "$execs" ] || execs=$(grep -oE '^#[0-9]+' "$log" | tail -1 | tr -d '#' || true)
  crashes=$(ls "$OUT" | grep -c "^$t-crash-\|^$t-leak-\|^$t-timeout-\|^$t-oom-" || true)
  echo "$t: ${SECS}s, ${execs:-0} executions, exit $rc, $crashes crash/leak/timeout artifacts"
  [ "$rc" -eq 0 ] || status=1
done
exit $status
