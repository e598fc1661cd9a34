#!/bin/sh
# The result cache with a second local user (issue #27 F3): a cache folder, or a subfolder, that
# another user owns turns the cache off for the run with a note, and nothing is read from or
# written to it. Needs root (to give a folder to another uid); elsewhere it prints why it is skipped
# and exits 77, which ctest reports as skipped.
# Usage: cache-other-user.sh ROCM_LINT
set -eu
LINT=$1
if [ "$(id -u)" -ne 0 ]; then
  echo "skipped: needs root to create a folder owned by another user (run as root, or in the CI container)"
  exit 77
fi
OTHER=65534 # nobody; a numeric uid needs no account
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/src"
printf '#include <hip/hip_runtime.h>\n#include <cuda_runtime.h>\n__global__ void k(float *x) { x[threadIdx.x] = 1; }\n' > "$T/src/a.hip"
cd "$T"
fail() { echo "FAIL: $*"; exit 1; }

# 1. The whole folder belongs to another user.
mkdir -m 0700 "$T/theirs"
chown "$OTHER" "$T/theirs"
set +e
"$LINT" --hip-headers=builtin --cache-dir="$T/theirs" --verbose --checks=rocm-cuda-header src/a.hip > out1 2> err1
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "expected exit 1 (a finding), got $rc"
grep -q "cache off for this run: '$T/theirs' belongs to another user" err1 || fail "no note for a folder of another user"
grep -q "result cache:" err1 && fail "the cache was used"
[ -z "$(ls -A "$T/theirs")" ] || fail "something was written into another user's folder"
grep -q "CUDA header 'cuda_runtime.h'" out1 || fail "the finding is missing"

# 2. Our folder, but a results shard planted by another user.
"$LINT" --hip-headers=builtin --cache-dir="$T/ours" --checks=rocm-cuda-header src/a.hip > /dev/null 2>&1 || true
for d in "$T"/ours/results/*; do chown -R "$OTHER" "$d"; done
set +e
"$LINT" --hip-headers=builtin --cache-dir="$T/ours" --verbose --checks=rocm-cuda-header src/a.hip > out2 2> err2
set -e
grep -q "cache off for this run: '$T/ours/results/..' belongs to another user" err2 || fail "no note for a planted shard"
grep -q "result cache:" err2 && fail "the cache was used"

# 3. The same, run by the other user against a folder of ours: it is theirs to refuse as well.
if command -v setpriv > /dev/null && setpriv --reuid="$OTHER" --regid="$OTHER" --clear-groups test -x "$LINT" 2> /dev/null; then
  chmod 755 "$T" "$T/src" && chmod 644 "$T/src/a.hip"
  mkdir -m 0755 "$T/root-owned"
  set +e
  setpriv --reuid="$OTHER" --regid="$OTHER" --clear-groups "$LINT" --hip-headers=builtin --cache-dir="$T/root-owned" \
    --verbose --checks=rocm-cuda-header src/a.hip > out3 2> err3
  set -e
  grep -q "cache off for this run: '$T/root-owned' belongs to another user" err3 || fail "no note for the other user"
else
  echo "note: case 3 skipped: rocm-lint is not executable by uid $OTHER"
fi
echo "PASS: cache-other-user"
