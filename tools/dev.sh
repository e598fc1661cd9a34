#!/usr/bin/env bash
# rocm-tidy's one entry point for people and CI.
#   tools/dev.sh demo   install what is missing, build everything, run rocm-lint on kernels/
#   tools/dev.sh test   install what is missing, build everything, run every test (ctest: lit + GoogleTest),
#                       then the self-lint of the C++ lines changed since main (tools/self-lint.sh;
#                       ROCM_TIDY_SELF_LINT=0 skips it)
#   tools/dev.sh build  install and build only
#   tools/dev.sh sanitize  build with ASan+UBSan in build-sanitize/ and run every test there
#   tools/dev.sh fuzz [SECONDS]  build, then run each libFuzzer target for SECONDS (default 60)
# Environment: BUILD_DIR (default: build, or build-llvmN), JOBS (default: number of cores),
#   LLVM_VERSION (default 19): the Debian LLVM to build and test against; 16 is supported too
#   (LLVM_VERSION=16 tools/dev.sh test installs clang-16 & co. and builds into build-llvm16).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT=$(pwd)
LLVM_VERSION=${LLVM_VERSION:-19}
case "$LLVM_VERSION" in
  16|19) ;;
  *) echo "rocm-tidy: LLVM_VERSION must be 16 or 19 (got '$LLVM_VERSION')" >&2; exit 2 ;;
esac
if [ "$LLVM_VERSION" = 19 ]; then
  BUILD_DIR=${BUILD_DIR:-build}
else
  BUILD_DIR=${BUILD_DIR:-build-llvm$LLVM_VERSION}
fi
JOBS=${JOBS:-$(nproc)}
# ccache keys paths relative to the build folder, so clones and worktrees side by side share hits.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(dirname "$ROOT")}"

# Debian 12 packages: the LLVM toolchain and clang-tidy libraries, lit/FileCheck, lld for AMD code
# objects, Debian's HIP headers and device libraries (AMD compile stage), nlohmann_json, GoogleTest,
# RE2 (the error notebook's linear-time patterns),
# the libraries Debian's static clangd links against (rocm-clangd), dpkg-shlibdeps (the .deb),
# the pre-commit framework (the end-to-end hook test) and clang-format-19 (the self-lint step).
PACKAGES=(cmake ninja-build ccache python3 git python3-identify python3-jsonschema time
  clang-19 clang-tidy-19 clang-format-19 libclang-19-dev llvm-19-dev llvm-19-tools lld-19
  libamdhip64-dev rocm-device-libs nlohmann-json3-dev libgtest-dev libre2-dev pkg-config
  libprotobuf-dev libgrpc++-dev libabsl-dev protobuf-compiler-grpc
  dpkg-dev pre-commit)
# Another LLVM: its compiler, clang-tidy (which loads the plugin), headers and static libraries,
# lit/FileCheck and lld. The LLVM 19 packages stay: the AMD compile stage of kernels/ uses clang-19.
if [ "$LLVM_VERSION" != 19 ]; then
  PACKAGES+=("clang-$LLVM_VERSION" "clang-tidy-$LLVM_VERSION" "libclang-$LLVM_VERSION-dev"
    "llvm-$LLVM_VERSION-dev" "llvm-$LLVM_VERSION-tools" "lld-$LLVM_VERSION")
fi

install_missing() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "rocm-tidy: installing missing packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "rocm-tidy: need root (or sudo) to install: ${missing[*]}" >&2; exit 2; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The OASIS SARIF 2.1.0 schema, for the test that validates rocm-lint's SARIF output. npm is the
# only registry that ships it (inside @microsoft/jest-sarif); it is fetched, never committed.
fetch_sarif_schema() {
  local dest="$BUILD_DIR/third_party/sarif-schema-2.1.0.json"
  [ -f "$dest" ] && return 0
  mkdir -p "$BUILD_DIR/third_party"
  # Machines with Node.js from elsewhere already have npm (and Debian's npm conflicts with it).
  if ! command -v npm >/dev/null; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends npm >/dev/null 2>&1 || true
  fi
  local tmp
  tmp=$(mktemp -d)
  if (cd "$tmp" && timeout 120 npm pack --silent @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
      tar xzf microsoft-jest-sarif-1.0.0-beta.0.tgz package/lib/schemas/sarif-2.1.0-rtm.5.json); then
    cp "$tmp/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$dest"
  else
    echo "rocm-tidy: warning: could not fetch the SARIF 2.1.0 schema from npm; its validation test will be skipped" >&2
  fi
  rm -rf "$tmp"
}

build() {
  install_missing
  local start=$SECONDS
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -S . -B "$BUILD_DIR" -G Ninja \
      -DCMAKE_BUILD_TYPE=Release \
      -DROCM_TIDY_LLVM_ROOT="/usr/lib/llvm-$LLVM_VERSION" \
      -DCMAKE_C_COMPILER="clang-$LLVM_VERSION" -DCMAKE_CXX_COMPILER="clang++-$LLVM_VERSION" \
      -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_MODULE_LINKER_FLAGS=-fuse-ld=lld \
      -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld
  fi
  cmake --build "$BUILD_DIR" -j "$JOBS"
  fetch_sarif_schema
  echo "rocm-tidy: build finished in $((SECONDS - start)) s"
}

case "${1:-}" in
  build)
    build
    ;;
  demo)
    build
    echo "rocm-tidy: rocm-lint kernels/ (the bad samples must be reported, the fixed ones not)"
    set +e
    "$BUILD_DIR/bin/rocm-lint" kernels/
    rc=$?
    set -e
    echo "rocm-tidy: rocm-lint exited with $rc (0 clean, 1 findings, 2 input error)"
    # The bundled bad samples carry hazards, so findings (1) are the expected outcome.
    [ "$rc" -eq 1 ]
    ;;
  test)
    build
    (cd "$BUILD_DIR" && ctest --output-on-failure -j "$JOBS")
    # The project's own changed C++ lines: clang-format and clang-tidy (a source tarball has no
    # history to compare with).
    if [ "${ROCM_TIDY_SELF_LINT:-1}" != 0 ] && git rev-parse --git-dir >/dev/null 2>&1; then
      JOBS=$JOBS tools/self-lint.sh "$BUILD_DIR"
    fi
    ;;
  sanitize)
    # The sanitizer runtimes (and libFuzzer) come with compiler-rt.
    PACKAGES+=(libclang-rt-19-dev)
    install_missing
    start=$SECONDS
    SAN_DIR=${SAN_DIR:-build-sanitize}
    ASAN_RT=$(clang++-19 -print-file-name=libclang_rt.asan-x86_64.so)
    if [ ! -f "$SAN_DIR/build.ninja" ]; then
      # The shared runtime: the plugin is loaded into Debian's (uninstrumented) clang-tidy, which
      # then runs with the runtime preloaded.
      SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -shared-libasan"
      cmake -S . -B "$SAN_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
        -DCMAKE_C_FLAGS="$SAN" -DCMAKE_CXX_FLAGS="$SAN" \
        -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=lld $SAN -Wl,-rpath,$(dirname "$ASAN_RT")" \
        -DCMAKE_MODULE_LINKER_FLAGS="-fuse-ld=lld $SAN -Wl,-rpath,$(dirname "$ASAN_RT")" \
        -DCMAKE_SHARED_LINKER_FLAGS="-fuse-ld=lld $SAN -Wl,-rpath,$(dirname "$ASAN_RT")"
    fi
    # rocm-clangd is left out (its tests are skipped without it): it links for a long time.
    cmake --build "$SAN_DIR" -j "$JOBS" --target rocm-lint RocmTidyModule rocm-tidy-unit-tests
    BUILD_DIR=$SAN_DIR fetch_sarif_schema
    # Leaks are not checked: clang frees little at exit by design, and a contained crash leaks.
    # Debian's LLVM is not instrumented: its BumpPtrAllocator never unpoisons what the instrumented
    # inline copies in our objects poison, so user poisoning is off (a false use-after-poison).
    export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:allow_user_poisoning=0
    export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
    export ROCM_TIDY_PRELOAD=$ASAN_RT
    set +e
    # deb-package and the install tests pack rocm-clangd and the man pages, which this build leaves
    # out; ASan reserves terabytes of address space, so a test that caps it (ulimit -v) aborts; and
    # the preloaded runtime breaks nvcc, a program of someone else's that rocm-wave64 runs.
    export LIT_FILTER_OUT='^rocm-tidy :: (install/|buildscripts/expansion-cap\.test|wave64/compile-nvcc\.test)'
    (cd "$SAN_DIR" && ctest --output-on-failure -j "$JOBS" -E '^deb-package$')
    rc=$?
    set -e
    echo "rocm-tidy: sanitizer build and test run finished in $((SECONDS - start)) s (ctest exit $rc)"
    exit $rc
    ;;
  fuzz)
    PACKAGES+=(libclang-rt-19-dev)
    build
    BUILD_DIR=$BUILD_DIR test/fuzz/run-fuzzers.sh "${2:-60}"
    ;;
  *)
    echo "usage: tools/dev.sh demo|test|build|sanitize|fuzz [SECONDS]" >&2
    exit 2
    ;;
esac
