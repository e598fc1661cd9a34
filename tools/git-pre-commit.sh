#!/usr/bin/env bash
# A plain git pre-commit hook (no framework): lints the staged GPU sources and CMake files.
# Install:  ln -s ../../tools/git-pre-commit.sh .git/hooks/pre-commit
# Uses ROCM_LINT (default: rocm-lint on PATH, else build/bin/rocm-lint).
set -euo pipefail
top=$(git rev-parse --show-toplevel)
lint=${ROCM_LINT:-$(command -v rocm-lint || echo "$top/build/bin/rocm-lint")}
mapfile -t files < <(git diff --cached --name-only --diff-filter=ACMR |
  grep -E '\.(hip|cu|cuh|cpp|cc|cxx|c|h|hpp|hh|hxx|H|HPP|h\+\+|C|CPP|c\+\+|cmake|mk)$|(^|/)(CMakeLists\.txt|Makefile|GNUmakefile|makefile|setup\.py|pyproject\.toml)$' || true)
[ ${#files[@]} -eq 0 ] && exit 0
cd "$top"
# "--": a staged file named like an option ("--checks=...") is a file name, not an option.
if ! "$lint" --quiet --no-progress -- "${files[@]}"; then
  echo "rocm-lint found porting hazards in the staged files (commit with --no-verify to skip)." >&2
  exit 1
fi
