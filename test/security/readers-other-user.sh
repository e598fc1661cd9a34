#!/usr/bin/env bash
# Issue #27 F12, the other-user half: on a shared machine another local user creates the
# 'rocm-lint-build' hook's cache folder first and plants a binary (with a matching digest) at the
# predictable path the hook runs. The hook must refuse that folder (exit 2) and run nothing from it.
# Needs root (to act as the other user through setpriv); elsewhere it prints why it skips.
# usage: readers-other-user.sh SOURCE_ROOT PREBUILT_ROCM_LINT
set -uo pipefail
src=$1 prebuilt=$2
if [ "$(id -u)" != 0 ] || ! command -v setpriv > /dev/null; then
  echo "SKIP: readers-other-user: needs root and setpriv to act as another user"
  exit 0
fi
as_other() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
t=$(mktemp -d) && chmod 0755 "$t"
trap 'rm -rf "$t"' EXIT
cd "$t" && printf '#include <cuda_runtime.h>\n' > leftover.cu
# The key the hook uses, learnt from a first run into a private cache.
mkdir -m 0700 "$t/mine"
ROCM_TIDY_HOOK_PREBUILT=$prebuilt ROCM_TIDY_HOOK_CACHE=$t/mine "$src/tools/pre-commit-rocm-lint.sh" -- leftover.cu \
  > /dev/null 2>&1
key=$(cd "$t/mine" && ls -d *-llvm-* | grep -v '\.lock$' | head -1)
[ -n "$key" ] || { echo "FAIL: no cache key after the first run"; exit 1; }
# The other user's folder, 0755 (not writable by us), with a planted binary and its digest.
mkdir -m 0755 "$t/other" && chown 65534:65534 "$t/other"
as_other mkdir -p "$t/other/$key/bin"
printf '#!/bin/sh\ntouch %s/pwned\n' "$t" > "$t/evil" && chmod 0755 "$t/evil"
as_other cp "$t/evil" "$t/other/$key/bin/rocm-lint"
sha256sum < "$t/evil" | cut -d' ' -f1 | as_other tee "$t/other/$key/bin/rocm-lint.sha256" > /dev/null
ROCM_TIDY_HOOK_CACHE=$t/other "$src/tools/pre-commit-rocm-lint.sh" -- leftover.cu > "$t/out" 2>&1
rc=$?
if [ -e "$t/pwned" ]; then
  echo "FAIL: the hook ran a binary another user planted"; exit 1
fi
if [ "$rc" != 2 ] || ! grep -q "is not a folder owned by you" "$t/out"; then
  echo "FAIL: the hook accepted another user's cache folder (exit $rc)"; cat "$t/out"; exit 1
fi
echo "PASS: readers-other-user: another user's hook cache is refused, nothing of it runs"
