#!/usr/bin/env bash
# deb-package.sh BUILD_DIR SOURCE_DIR CLANG_TIDY LLVM_MAJOR
# Builds the Debian package with CPack into a scratch folder, unpacks it without installing it
# (dpkg-deb -x) and checks: the file name and control fields, that no file of the package belongs to
# an installed package (it must install beside Debian's LLVM), that every binary's libraries resolve
# (ldd), and that the unpacked rocm-lint and plugin run with the source and build trees hidden.
# Run by ctest (test 'deb-package'; about a minute, most of it compressing the package).
set -euo pipefail
build=$(cd "$1" && pwd); src=$(cd "$2" && pwd); tidy=$3; major=$4
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/rocm-tidy-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb-package: FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack -G DEB -B "$work/out" > "$work/cpack.log") || { cat "$work/cpack.log"; fail "cpack"; }
debs=("$work"/out/rocm-tidy_*_amd64.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "no rocm-tidy_<version>_amd64.deb in $(ls "$work/out")"
deb=${debs[0]}
echo "package: $(basename "$deb")"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for d in "clang-tidy-$major" "libclang-common-$major-dev" "libllvm$major" "libclang-cpp$major" libre2-9 libstdc++6 libc6; do
  [[ ", $depends," == *", $d"[\ ,]* ]] || fail "Depends lacks $d"
done

dpkg-deb -x "$deb" "$work/root"
for f in usr/bin/rocm-lint usr/lib/rocm-tidy/RocmTidyModule.so usr/share/doc/rocm-tidy/README.md \
         usr/share/doc/rocm-tidy/CHANGELOG.md usr/share/man/man1/rocm-lint.1; do
  [ -f "$work/root/$f" ] || fail "package lacks /$f"
done
# Files (not folders) that another package already owns would make dpkg refuse to install it.
while IFS= read -r f; do
  p=${f#"$work/root"}
  if owner=$(dpkg-query -S "$p" 2>/dev/null); then fail "/$p is already owned: $owner"; fi
done < <(find "$work/root" ! -type d)
! grep -r -l -a -F "$src" "$work/root" || fail "the package names the source tree"
if command -v man > /dev/null; then
  name=$(MANWIDTH=100 man -l -P cat "$work/root/usr/share/man/man1/rocm-lint.1" 2>&1 | grep -A1 '^NAME' | tail -1)
  [[ "$name" == *"rocm-lint - find CUDA-to-HIP porting hazards"* ]] || fail "man -l rocm-lint.1: '$name'"
  echo "man page: $(echo $name)"
fi

while IFS= read -r f; do
  if [ "$(head -c 4 "$f" | tail -c 3)" = ELF ]; then
    missing=$(ldd "$f" | grep 'not found' || true)
    [ -z "$missing" ] || fail "$f: $missing"
    echo "ldd ok: ${f#"$work/root"}"
  fi
done < <(find "$work/root" -type f)

mkdir -p "$work/cwd" && cp "$here/Inputs/leftover.hip" "$work/cwd/"
cd "$work/cwd"
run() { "$here/hide-trees.sh" "$src" "$build" -- env -i PATH=/usr/bin:/bin HOME="$work/cwd" "$@"; }
run "$work/root/usr/bin/rocm-lint" --version | head -2
set +e
run "$work/root/usr/bin/rocm-lint" --no-progress leftover.hip > lint.out
rc=$?
set -e
[ $rc -eq 1 ] && grep -q "\[rocm-cuda-header\]" lint.out || { cat lint.out; fail "lint of leftover.hip: exit $rc"; }
echo "lint: $(head -1 lint.out)"
run "$tidy" --load="$work/root/usr/lib/rocm-tidy/RocmTidyModule.so" -checks='-*,rocm-*' --list-checks > checks.out
grep -q "rocm-warp-size-assumption" checks.out || { cat checks.out; fail "plugin --list-checks"; }
echo "plugin: $(grep -c '^ *rocm-' checks.out) rocm-* checks listed by $(basename "$tidy")"
echo "deb-package: PASS"
