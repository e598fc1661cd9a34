#!/usr/bin/env bash
# pre-commit-framework.sh SRCROOT WORKDIR [HOOK_ID]
# The set-up of docs/install.md ("pre-commit"), run with the pre-commit framework on a generated
# repository: the hook HOOK_ID (default rocm-lint, which runs the rocm-lint on PATH) from SRCROOT's
# .pre-commit-hooks.yaml (at SRCROOT's HEAD) stops a commit that adds a CUDA header and lets a clean
# one through. Other hooks end with one more verbose run, which shows what the hook prints on a pass.
set -uo pipefail
src=$1; work=$2; hook=${3:-rocm-lint}
export PRE_COMMIT_HOME=$work/cache GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
mkdir -p "$work/proj" && cd "$work/proj" || exit 2
git init -q && git config user.email hook@example.com && git config user.name hook
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $src
    rev: $(git -C "$src" rev-parse HEAD)
    hooks:
      - id: $hook
YAML
printf '#include <hip/hip_runtime.h>\n__global__ void k(float *p) { p[threadIdx.x] = 0; }\n' > clean.hip
printf '#include <cuda_runtime.h>\n' > leftover.cu
pre-commit install > /dev/null || exit 2
git add .pre-commit-config.yaml clean.hip leftover.cu
git commit -q -m "adds a CUDA header" 2>&1
echo "commit with leftover.cu: exit $?"
git rm -q --cached leftover.cu
git commit -q -m "clean" 2>&1
echo "commit without it: exit $?"
git log --format=%s
if [ "$hook" != rocm-lint ]; then
  pre-commit run --verbose "$hook" --all-files 2>&1
  echo "verbose run: exit $?"
fi
