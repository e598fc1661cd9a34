#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-19, -fsanitize=fuzzer,address,undefined) and runs each for a
# set time: the compile-command sanitizer, the CMake parser and linter, the Makefile reader, the
# setup.py / pyproject.toml reader and the project model's evaluators (lib/project).
# Usage: test/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET] (default 60)
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
# FUZZERS="make_fuzzer setuppy_fuzzer" builds and runs some of them.
SELECTED=" ${FUZZERS:-command_fuzzer cmake_fuzzer notebook_fuzzer make_fuzzer setuppy_fuzzer project_fuzzer} "
# The library sources are compiled once (into $OUT/obj) for all targets that link them.
object() { # source -> prints its object, compiled when missing or older than the source
  local src=$1 obj="$OUT/obj/${1//\//_}.o"
  mkdir -p "$OUT/obj"
  if [ ! "$obj" -nt "$src" ] || [ -n "${FORCE:-}" ]; then
    "$CXX" "${FLAGS[@]}" -c -o "$obj" "$src" >&2 || exit 2
  fi
  echo "$obj"
}
build() { # name sources... [-- link flags...]: only a selected target, relinked when a source is newer
  local name=$1 objs=() linking=0
  shift
  [[ "$SELECTED" == *" $name "* ]] || return 0
  for a in "$@"; do
    if [ "$a" = -- ]; then linking=1; elif [ "$linking" = 1 ]; then objs+=("$a"); else objs+=("$(object "$a")"); fi
  done
  local newer=0
  for o in "${objs[@]}"; do [ -f "$o" ] && [ "$o" -nt "$OUT/$name" ] && newer=1; done
  if [ ! -x "$OUT/$name" ] || [ "$newer" = 1 ] || [ -n "${FORCE:-}" ]; then
    "$CXX" "${FLAGS[@]}" -o "$OUT/$name" "${objs[@]}"
  fi
}
LIBSRC=(lib/buildscripts/*.cpp lib/cmake/*.cpp lib/core/*.cpp "$EMBED")
build command_fuzzer test/fuzz/command_fuzzer.cpp lib/core/CommandSanitizer.cpp
build cmake_fuzzer test/fuzz/cmake_fuzzer.cpp "${LIBSRC[@]}" -- "${LIBS[@]}"
# The notebook reader, matcher and redaction (lib/core has Notebook.cpp and Redact.cpp).
build notebook_fuzzer test/fuzz/notebook_fuzzer.cpp "${LIBSRC[@]}" -- "${LIBS[@]}"
# The Makefile and setup.py readers need only these of the library.
READERSRC=(lib/buildscripts/*.cpp lib/cmake/GpuLibraries.cpp lib/core/BuildSwitches.cpp lib/core/CheckCatalog.cpp
  lib/core/Finding.cpp lib/core/Hash.cpp lib/core/SafeFix.cpp lib/core/StringUtil.cpp lib/core/Suppression.cpp lib/core/TextEdits.cpp
  "$EMBED")
build make_fuzzer test/fuzz/make_fuzzer.cpp "${READERSRC[@]}" -- "${LIBS[@]}"
build setuppy_fuzzer test/fuzz/setuppy_fuzzer.cpp "${READERSRC[@]}" -- "${LIBS[@]}"
# The project model's evaluators (setup.py, Makefile, CMake) over the whole library.
build project_fuzzer test/fuzz/project_fuzzer.cpp lib/project/*.cpp "${LIBSRC[@]}" -- "${LIBS[@]}"
status=0
root=$PWD # the seeds' folders, named before the run changes into $OUT
for t in $SELECTED; do
  corpus="$OUT/$t-corpus"
  mkdir -p "$corpus"
  seeds=()
  [ "$t" = cmake_fuzzer ] && seeds=(test/cmake kernels)
  [ "$t" = notebook_fuzzer ] && seeds=(lib/data test/notebook/corpus)
  [ "$t" = make_fuzzer ] && seeds=(test/buildscripts/Inputs/make-port test/buildscripts/Inputs/make-corners
    test/buildscripts/Inputs/make-quiet)
  [ "$t" = project_fuzzer ] && seeds=(test/buildscripts/Inputs/make-port test/buildscripts/Inputs/pyext-port test/cmake)
  [ "$t" = setuppy_fuzzer ] && seeds=(test/buildscripts/Inputs/pyext-port test/buildscripts/Inputs/pyext-corners
    test/buildscripts/Inputs/pyext-quiet test/buildscripts/Inputs/pyext-bad)
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
