#!/usr/bin/env bash
# hide-trees.sh DIR... -- COMMAND ARGS...
# Runs COMMAND with each DIR covered by an empty tmpfs in a private mount namespace, so that a tool
# that still reads its source or build tree at run time fails. Where mount namespaces are not
# allowed (no root, a locked-down container) it runs COMMAND as is and says so on stderr; the
# callers also check the installed files for those paths, which needs no privilege.
set -euo pipefail
dirs=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do dirs+=("$1"); shift; done
[ $# -gt 0 ] || { echo "usage: hide-trees.sh DIR... -- COMMAND ARGS..." >&2; exit 2; }
shift
if ! unshare -m --propagation private true 2>/dev/null; then
  echo "hide-trees.sh: no mount namespace here; running without hiding ${dirs[*]}" >&2
  exec "$@"
fi
exec unshare -m --propagation private -- bash -c '
  n=$1; shift
  for ((i = 0; i < n; i++)); do
    # A folder inside one hidden before (build/ in the checkout) is gone already.
    if [ -d "$1" ]; then mount -t tmpfs -o size=64k,mode=0555 rocm-tidy-hidden "$1" || exit 125; fi
    shift
  done
  exec "$@"' hide-trees "${#dirs[@]}" "${dirs[@]}" "$@"
