#!/usr/bin/env bash
# The pre-commit hook 'rocm-lint-build' (.pre-commit-hooks.yaml): runs rocm-lint on the files
# pre-commit passes, building rocm-lint from this checkout on first use. pre-commit clones the hook
# repository at the configured rev; this script builds that clone once into a cache folder keyed by
# the version and the source revision, and later runs reuse the binary (docs/install.md, "pre-commit").
#
# Environment:
#   ROCM_LINT              use this rocm-lint binary; build nothing
#   ROCM_TIDY_HOOK_CACHE   cache folder (default: $XDG_CACHE_HOME/rocm-tidy/pre-commit, else
#                          ~/.cache/rocm-tidy/pre-commit)
#   ROCM_TIDY_LLVM_ROOT    the LLVM to build against (default: CMake's, /usr/lib/llvm-19)
#   ROCM_TIDY_HOOK_JOBS    parallel compile jobs for the first-use build (default: number of cores)
#   ROCM_TIDY_HOOK_PREBUILT  tests only: copy this binary instead of compiling (exercises the key,
#                          the lock and the cache without a 20-minute build)
set -uo pipefail

src=$(cd "$(dirname "$0")/.." && pwd)

find_lint() {
  if [ -n "${ROCM_LINT:-}" ]; then
    [ -x "$ROCM_LINT" ] || { echo "rocm-lint hook: error: ROCM_LINT='$ROCM_LINT' is not an executable" >&2; exit 2; }
    lint=$ROCM_LINT
    return
  fi
  local version rev
  version=$(sed -n 's/^project(rocm-tidy .*VERSION \([0-9.]*\)).*/\1/p' "$src/CMakeLists.txt")
  # pre-commit's clone keeps its .git; a plain copy of the sources is keyed by their content.
  rev=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null) ||
    rev=$(cd "$src" && find CMakeLists.txt cmake checks lib tools -type f -print0 | LC_ALL=C sort -z |
          xargs -0 sha256sum | sha256sum | cut -c1-12)
  local llvm=${ROCM_TIDY_LLVM_ROOT:-/usr/lib/llvm-19}
  local cache=${ROCM_TIDY_HOOK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rocm-tidy/pre-commit}
  local key="${version:-unknown}-$rev-$(basename "$llvm")"
  local dir=$cache/$key
  lint=$dir/bin/rocm-lint
  mkdir -p "$cache" || { echo "rocm-lint hook: error: cannot create the cache folder $cache" >&2; exit 2; }
  # What runs is what this user built: on a shared machine another user must not be able to put a
  # binary (or a symlink) at the predictable path this script executes.
  private_folder "$cache"
  if [ -x "$lint" ] && verified "$dir" "$lint"; then
    return
  fi
  # pre-commit runs a hook in several processes at once: one builds, the others wait for it. The
  # lock is opened only as a plain file of this user (exec 9> would follow a planted symlink and
  # truncate its target).
  local lock=$cache/$key.lock
  if [ -L "$lock" ] || { [ -e "$lock" ] && { [ ! -f "$lock" ] || [ ! -O "$lock" ]; }; }; then
    echo "rocm-lint hook: error: $lock is not a plain file of yours; remove it" >&2
    exit 2
  fi
  exec 9>> "$lock"
  flock 9
  if [ ! -x "$lint" ] || ! verified "$dir" "$lint"; then
    build_into "$dir" "$llvm" "$key"
  fi
  flock -u 9
}

# Refuses (exit 2) a folder that is a symlink, not owned by this user, or writable by group or others.
private_folder() {
  local f=$1 mode
  if [ -L "$f" ] || [ ! -d "$f" ] || [ ! -O "$f" ]; then
    echo "rocm-lint hook: error: the cache folder $f is not a folder owned by you; use another (ROCM_TIDY_HOOK_CACHE)" >&2
    exit 2
  fi
  mode=$(stat -c %a "$f") || exit 2
  if (( 8#$mode & 8#022 )); then
    echo "rocm-lint hook: error: the cache folder $f is writable by others (mode $mode); run: chmod go-w '$f'" >&2
    exit 2
  fi
}

# Whether the cached binary is the one this script built: its folders private, and its SHA-256 the
# digest written next to it at build time. A mismatch is rebuilt, never run.
verified() {
  local dir=$1 lint=$2 want have
  [ -f "$dir/bin/rocm-lint.sha256" ] || return 1
  [ ! -L "$dir" ] && [ ! -L "$dir/bin" ] && [ ! -L "$lint" ] && [ -O "$dir" ] && [ -O "$dir/bin" ] && [ -O "$lint" ] || return 1
  private_folder "$dir"
  private_folder "$dir/bin"
  want=$(cat "$dir/bin/rocm-lint.sha256")
  have=$(sha256sum < "$lint" | cut -d' ' -f1)
  if [ "$want" != "$have" ]; then
    echo "rocm-lint hook: the cached rocm-lint does not match the digest written when it was built; building it again" >&2
    return 1
  fi
  return 0
}

build_into() {
  local dir=$1 llvm=$2 key=$3
  local log=$dir/build.log
  rm -rf "$dir" && mkdir -p -m 0755 "$dir" "$dir/bin" && chmod go-w "$dir" "$dir/bin"
  echo "rocm-lint hook: first use of rocm-tidy $key: building rocm-lint into $dir (once; log: $log)" >&2
  local start=$SECONDS
  if [ -n "${ROCM_TIDY_HOOK_PREBUILT:-}" ]; then
    cp "$ROCM_TIDY_HOOK_PREBUILT" "$dir/bin/rocm-lint.tmp" > "$log" 2>&1
  else
    for tool in cmake ninja; do
      command -v "$tool" > /dev/null || {
        echo "rocm-lint hook: error: '$tool' not found; the first-use build needs the packages of tools/dev.sh (apt-get install cmake ninja-build clang-19 libclang-19-dev llvm-19-dev nlohmann-json3-dev libre2-dev pkg-config)" >&2
        rm -rf "$dir"; exit 2; }
    done
    local major=${llvm##*-} compiler=()
    if command -v "clang++-$major" > /dev/null; then
      compiler=(-DCMAKE_C_COMPILER="clang-$major" -DCMAKE_CXX_COMPILER="clang++-$major")
      if [ -x "$llvm/bin/ld.lld" ]; then
        compiler+=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld)
      fi
    fi
    # The build folder sits one level below the sources, as build/ does in a clone, and ccache (used
    # when installed) keys paths relative to it: a machine that built rocm-tidy before gets hits.
    local build=$src/build-pre-commit-hook
    export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$src}
    {
      rm -rf "$build" &&
      cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DROCM_TIDY_TESTS=OFF \
        -DROCM_TIDY_LLVM_ROOT="$llvm" "${compiler[@]}" &&
      cmake --build "$build" --target rocm-lint -j "${ROCM_TIDY_HOOK_JOBS:-$(nproc)}" &&
      cp "$build/bin/rocm-lint" "$dir/bin/rocm-lint.tmp" &&
      rm -rf "$build"
    } > "$log" 2>&1
  fi
  if [ $? -ne 0 ] || [ ! -s "$dir/bin/rocm-lint.tmp" ]; then
    tail -n 20 "$log" >&2
    echo "rocm-lint hook: error: building rocm-lint failed (full log: $log); see docs/install.md" >&2
    mv "$log" "$dir.failed.log" 2>/dev/null
    rm -rf "$dir"
    exit 2
  fi
  # Only a complete binary gets the name the next run looks for, with the digest it is checked against.
  sha256sum < "$dir/bin/rocm-lint.tmp" | cut -d' ' -f1 > "$dir/bin/rocm-lint.sha256"
  mv "$dir/bin/rocm-lint.tmp" "$lint"
  echo "rocm-lint hook: built $("$lint" --version | head -1) in $((SECONDS - start)) s" >&2
}

# pre-commit appends the file names to the hook's args. A committed file named like an option
# ("--checks=rocm-lds-limit,x.cu") must stay a file name: the hook's default args end with "--",
# and without it one is put before the first argument that names an existing file.
args=() seen_end=0
for a in "$@"; do
  if [ "$seen_end" = 0 ] && [ "$a" = "--" ]; then
    seen_end=1
  elif [ "$seen_end" = 0 ] && [ -f "$a" ]; then
    args+=(--)
    seen_end=1
  fi
  args+=("$a")
done

find_lint
exec "$lint" --quiet --no-progress "${args[@]}"
