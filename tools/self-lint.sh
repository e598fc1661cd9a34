#!/usr/bin/env bash
# Self-lint of the project's own C++ (lib/, checks/, tools/, test/unit/, test/fuzz/; not lib/data,
# test inputs or kernels/): clang-format (.clang-format) and clang-tidy (.clang-tidy, every warning
# an error) on the lines changed since the merge base with main, or since the last commit where
# there is none (on main itself). Uncommitted changes count. Lines nobody touched are not judged, so
# existing files need no wholesale reformatting.
#   tools/self-lint.sh [BUILD_DIR]   BUILD_DIR holds compile_commands.json (default: build)
# Environment: SELF_LINT_BASE (a revision to compare with instead), SELF_LINT_MAIN (default: main).
# On main, .ci/lint-base (one commit id, written when a branch lands) is the base when it is an
# ancestor of HEAD; otherwise HEAD~1.
# Run from a checkout (any directory inside it); tools/dev.sh test calls it after the tests.
# Exit status: 0 clean, 1 format differences or clang-tidy warnings in changed lines, 2 setup error.
set -euo pipefail

top=$(git rev-parse --show-toplevel 2>/dev/null) || { echo "self-lint: not in a git checkout" >&2; exit 2; }
build=$(cd "${1:-build}" 2>/dev/null && pwd) || { echo "self-lint: no build folder '${1:-build}'" >&2; exit 2; }
cd "$top"
LLVM=/usr/lib/llvm-19
CLANG_FORMAT=${CLANG_FORMAT:-clang-format-19}
GIT_CLANG_FORMAT=${GIT_CLANG_FORMAT:-git-clang-format-19}
CLANG_TIDY=${CLANG_TIDY:-clang-tidy-19}
TIDY_DIFF=${TIDY_DIFF:-$LLVM/share/clang/clang-tidy-diff.py}
for tool in "$CLANG_FORMAT" "$GIT_CLANG_FORMAT" "$CLANG_TIDY"; do
  command -v "$tool" >/dev/null || { echo "self-lint: $tool not found (tools/dev.sh installs it)" >&2; exit 2; }
done
[ -f "$TIDY_DIFF" ] || { echo "self-lint: $TIDY_DIFF not found (package clang-tidy-19)" >&2; exit 2; }

base=${SELF_LINT_BASE:-}
if [ -z "$base" ]; then
  main=${SELF_LINT_MAIN:-main}
  head=$(git rev-parse HEAD)
  for ref in "$main" "origin/$main"; do
    if git rev-parse -q --verify "$ref^{commit}" >/dev/null && mb=$(git merge-base HEAD "$ref") && [ "$mb" != "$head" ]; then
      base=$mb
      break
    fi
  done
  # On main itself the merge base is HEAD. A landing of many commits names the main it started
  # from in .ci/lint-base, so CI judges every line of the landing, not only its last commit.
  if [ -z "$base" ] && [ -f .ci/lint-base ]; then
    landed=$(tr -d '[:space:]' <.ci/lint-base)
    if git rev-parse -q --verify "$landed^{commit}" >/dev/null && git merge-base --is-ancestor "$landed" HEAD &&
      [ "$(git rev-parse "$landed")" != "$head" ]; then
      base=$landed
    fi
  fi
  if [ -z "$base" ]; then
    if ! git rev-parse -q --verify HEAD~1 >/dev/null; then
      echo "self-lint: the first commit: nothing to compare with"
      exit 0
    fi
    base=HEAD~1
  fi
fi

spec=('lib/*.cpp' 'lib/*.h' 'checks/*.cpp' 'checks/*.h' 'tools/*.cpp' 'tools/*.h' 'test/unit/*.cpp' 'test/unit/*.h'
  'test/fuzz/*.cpp' ':(exclude)lib/data')
mapfile -t files < <(git diff --name-only --diff-filter=ACMR "$base" -- "${spec[@]}")
if [ ${#files[@]} -eq 0 ]; then
  echo "self-lint: no C++ of the project changed since $(git rev-parse --short "$base" 2>/dev/null || echo "$base")"
  exit 0
fi
echo "self-lint: ${#files[@]} changed file(s) since $(git rev-parse --short "$base" 2>/dev/null || echo "$base")"
status=0

# clang-format, changed lines only (git-clang-format compares the working tree with the base).
fmt=$("$GIT_CLANG_FORMAT" --binary "$(command -v "$CLANG_FORMAT")" --diff "$base" -- "${files[@]}" 2>&1) || true
if [ -n "$fmt" ] && ! grep -qE '^(no modified files to format|clang-format did not modify any files)' <<<"$fmt"; then
  echo "self-lint: clang-format would change these lines (apply: $GIT_CLANG_FORMAT $base):"
  echo "$fmt"
  status=1
fi

# clang-tidy on the changed lines (clang-tidy-diff.py passes them as -line-filter); a header gets
# the compile command of a neighbouring source (the compile database's interpolation).
if [ -f "$build/compile_commands.json" ]; then
  tidy=$(git diff -U0 "$base" -- "${files[@]}" |
    python3 "$TIDY_DIFF" -p1 -path "$build" -clang-tidy-binary "$(command -v "$CLANG_TIDY")" \
      -config-file "$top/.clang-tidy" -iregex '.*\.(cpp|cc|cxx|h|hpp)' -quiet -j "${JOBS:-2}" 2>&1) || tidy_rc=$?
  diags=$(grep -E ': (warning|error): ' <<<"$tidy" || true)
  if [ -n "$diags" ] || [ "${tidy_rc:-0}" -ne 0 ]; then
    echo "self-lint: clang-tidy findings in changed lines:"
    echo "${diags:-$tidy}"
    status=1
  fi
else
  echo "self-lint: no $build/compile_commands.json: clang-tidy skipped" >&2
  status=2
fi
[ $status -eq 0 ] && echo "self-lint: clean"
exit $status
