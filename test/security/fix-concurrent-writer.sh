#!/bin/sh
# --fix with a second process writing the same file (issue #27 F14), as two real processes: a
# watcher blocks on inotify until rocm-lint's write lands, then appends a line at once, racing the
# read-back that follows the write. Whichever side wins, the other program's line must survive and
# the pre-run bytes must never be written back over it. Linux only (inotify through libc); exits 77
# (skipped) where it is missing.
# Usage: fix-concurrent-writer.sh ROCM_LINT [ROUNDS]
set -eu
LINT=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROUNDS=${2:-5}
command -v python3 >/dev/null || { echo "skipped: needs python3"; exit 77; }
python3 -c 'import ctypes; ctypes.CDLL(None).inotify_init' 2>/dev/null ||
  { echo "skipped: no inotify in this libc"; exit 77; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$T/p/src"
printf '# project root\n' > "$T/p/.rocm-lint"
ORIG='#include <hip/hip_runtime.h>
__device__ void lane(unsigned long long *o) { o[threadIdx.x & 31] = __ballot(1); }
'
cat > "$T/watch.py" <<'PY'
import ctypes, os, select, sys
path, ready = sys.argv[1], sys.argv[2]
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.inotify_init()
IN_MODIFY = 0x2
if fd < 0 or libc.inotify_add_watch(fd, path.encode(), IN_MODIFY) < 0:
    sys.exit("watch: cannot watch " + path)
open(ready, "w").close()
if not select.select([fd], [], [], 20)[0]:
    sys.exit("watch: rocm-lint never wrote " + path)
os.read(fd, 4096)
with open(path, "a") as f:
    f.write("// another editor\n")
PY
fail() { echo "FAIL (round $r): $*"; exit 1; }
r=0
won=0
lost=0
while [ "$r" -lt "$ROUNDS" ]; do
  r=$((r + 1))
  printf '%s' "$ORIG" > "$T/p/src/a.hip"
  rm -f "$T/ready"
  python3 "$T/watch.py" "$T/p/src/a.hip" "$T/ready" &
  W=$!
  n=0
  while [ ! -f "$T/ready" ]; do
    n=$((n + 1))
    [ "$n" -lt 200 ] || fail "the watcher did not start"
    sleep 0.05
  done
  set +e
  (cd "$T/p" && "$LINT" --hip-headers=builtin --no-cache --fix -j1 src/a.hip > "$T/out" 2> "$T/err")
  rc=$?
  set -e
  wait "$W" || fail "the watcher failed; rocm-lint said: $(cat "$T/err")"
  # Exit 2 is the answer when the other program got in between (the run could not complete).
  [ "$rc" -le 1 ] || { [ "$rc" -eq 2 ] && grep -q 'was changed by another program' "$T/err"; } ||
    fail "rocm-lint exited $rc: $(cat "$T/err")"
  grep -q '^// another editor$' "$T/p/src/a.hip" || fail "the other program's line is gone: $(cat "$T/p/src/a.hip")"
  grep -q 'threadIdx.x & (warpSize - 1)' "$T/p/src/a.hip" || fail "the fix is not in the file: $(cat "$T/err")"
  if grep -q 'was changed by another program while the fixes were written' "$T/err"; then
    # The watcher's line landed before the read-back: reported, and the pre-run bytes kept aside.
    backup=$(sed -n "s/.*the bytes before the fixes are in '\(.*\)'.*/\1/p" "$T/err" | head -1)
    [ -n "$backup" ] && printf '%s' "$ORIG" | cmp -s "$backup" - || fail "the backup does not hold the pre-run bytes"
    rm -f "$backup"
    lost=$((lost + 1))
  else
    won=$((won + 1))
  fi
done
echo "ok: $ROUNDS rounds, the other program's line survived every one (read-back first: $won, other program first: $lost)"
