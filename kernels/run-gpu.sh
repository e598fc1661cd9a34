#!/usr/bin/env bash
# Run stage of the kernels/ suite: builds and runs every kernels/*/fixed.hip and bad.hip on the GPU
# at hand and prints one row per program (kernel, variant, device, warp size, outcome, times).
#
#   kernels/run-gpu.sh                          build and run everything, print the table
#   kernels/run-gpu.sh --markdown FILE          also write the table as Markdown, with the date,
#                                               driver and toolkit versions
#   kernels/run-gpu.sh --compile-only           only build (no GPU needed)
#   kernels/run-gpu.sh --only rocm-cuda-header  one sample folder (repeatable)
#   kernels/run-gpu.sh --wave64                 NVIDIA only: HIP's warp functions with 64-lane AMD
#                                               wavefront semantics (kernels/hip_on_cuda/wave64.h)
#
# Platform: hipcc when ROCm is installed (AMD GPUs, native HIP), else nvcc with the project's
# HIP-on-CUDA mapping (kernels/hip_on_cuda) on NVIDIA GPUs; --platform amd|nvidia forces one.
# With neither toolkit it prints a SKIP line and exits 0. The environment variables HIPCC and NVCC
# override the search (an empty value means "not installed").
#
# Expected outcomes: a fixed program must PASS. A bad program shows its hazard (FAIL, a failed HIP
# call, or a compile error) on AMD; on other hardware many hazards do not show, and the table says
# so instead of calling it a failure. A sample states expectations for a platform with a line
#   // gpu-expect-nvidia: PASS -- <reason>      (or gpu-expect-amd:, or gpu-expect: for all)
# with outcomes PASS, FAIL, runtime-error, compile-error (several joined with '|'). With --wave64 a
#   // gpu-expect-wave64: FAIL -- <reason>
# line comes first; without one, the platform's line applies.
#
# --wave64 is an emulation of wave64 semantics on an NVIDIA GPU (a logical wavefront is two 32-lane
# warps; the last wavefront of a block may be partially filled), not an AMD GPU: it shows what a
# program computes on 64 lanes, not its timing, LDS banking or occupancy. For your own programs:
# tools/rocm-wave64 (docs/wave64.md).
#
# Exit status: 0 when every fixed program passes (or builds, with --compile-only) and no bad program
# contradicts a stated expectation; 1 otherwise; 2 on usage errors.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
KERNELS="$ROOT/kernels"
MARKDOWN=""
COMPILE_ONLY=0
PLATFORM=auto
ONLY=()
JOBS=$(nproc 2>/dev/null || echo 2)
ARCH=""
TIMEOUT_S=60
BUILD_DIR=""

WAVE64=0

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case "$1" in
    --markdown) MARKDOWN=${2:?--markdown needs a file}; shift 2 ;;
    --markdown=*) MARKDOWN=${1#*=}; shift ;;
    --compile-only) COMPILE_ONLY=1; shift ;;
    --wave64) WAVE64=1; shift ;;
    --platform) PLATFORM=${2:?}; shift 2 ;;
    --platform=*) PLATFORM=${1#*=}; shift ;;
    --only) ONLY+=("${2:?}"); shift 2 ;;
    --only=*) ONLY+=("${1#*=}"); shift ;;
    --arch) ARCH=${2:?}; shift 2 ;;
    --arch=*) ARCH=${1#*=}; shift ;;
    -j) JOBS=${2:?}; shift 2 ;;
    --timeout) TIMEOUT_S=${2:?}; shift 2 ;;
    --build-dir) BUILD_DIR=${2:?}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "run-gpu.sh: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
  esac
done
case "$MARKDOWN" in ""|/*) ;; *) MARKDOWN="$PWD/$MARKDOWN" ;; esac

# ------------------------------------------------------------------------------------------
# Toolchain.
find_tool() { # name, fallback paths...
  local n=$1; shift
  command -v "$n" 2>/dev/null && return 0
  local p
  for p in "$@"; do [ -x "$p" ] && { echo "$p"; return 0; }; done
  return 1
}
# HIPCC / NVCC in the environment name the compilers (empty: treat as not installed).
if [ -z "${HIPCC+set}" ]; then HIPCC=$(find_tool hipcc /opt/rocm/bin/hipcc) || HIPCC=""; fi
if [ -z "${NVCC+set}" ]; then NVCC=$(find_tool nvcc /usr/local/cuda/bin/nvcc /usr/local/cuda-*/bin/nvcc) || NVCC=""; fi
if [ "$PLATFORM" = auto ]; then
  if [ -n "$HIPCC" ]; then PLATFORM=amd
  elif [ -n "$NVCC" ]; then PLATFORM=nvidia
  else
    echo "SKIP kernels/run-gpu.sh: neither hipcc (ROCm, AMD GPUs) nor nvcc (CUDA, NVIDIA GPUs) found; nothing built or run"
    exit 0
  fi
fi
if [ "$WAVE64" = 1 ] && [ "$PLATFORM" = amd ]; then
  echo "run-gpu.sh: --wave64 emulates 64-lane wavefronts on NVIDIA GPUs; on AMD, run without it (CDNA GPUs run wave64 natively)" >&2
  exit 2
fi
case "$PLATFORM" in
  amd) [ -n "$HIPCC" ] || { echo "run-gpu.sh: --platform amd but hipcc not found" >&2; exit 2; } ;;
  nvidia) [ -n "$NVCC" ] || { echo "run-gpu.sh: --platform nvidia but nvcc not found" >&2; exit 2; } ;;
  *) echo "run-gpu.sh: unknown platform '$PLATFORM' (amd or nvidia)" >&2; exit 2 ;;
esac

HAVE_GPU=0
DEVICE_NAME="-"
if [ "$PLATFORM" = nvidia ]; then
  if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
    HAVE_GPU=1
    DEVICE_NAME=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1)
  fi
  TOOLKIT_VERSION=$("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/CUDA \1/p' | head -n1)
  [ -n "$ARCH" ] || { [ "$HAVE_GPU" = 1 ] && ARCH=native; }
  COMPILER=("$NVCC" -std=c++17 -O2 -I "$KERNELS/hip_on_cuda" -I "$KERNELS" -x cu)
  [ "$WAVE64" = 1 ] && COMPILER+=(-DROCM_TIDY_WAVE64)
  [ -n "$ARCH" ] && COMPILER+=("-arch=$ARCH")
else
  if command -v rocminfo >/dev/null 2>&1 && rocminfo 2>/dev/null | grep -q 'Device Type: *GPU'; then
    HAVE_GPU=1
    DEVICE_NAME=$(rocminfo 2>/dev/null | sed -n 's/^ *Marketing Name: *//p' | grep -vi cpu | head -n1)
  fi
  TOOLKIT_VERSION="HIP $("$HIPCC" --version 2>/dev/null | sed -n 's/^HIP version: *//p' | head -n1)"
  if [ -z "$ARCH" ] && command -v rocm_agent_enumerator >/dev/null 2>&1; then
    ARCH=$(rocm_agent_enumerator 2>/dev/null | grep -v '^gfx000$' | head -n1)
  fi
  COMPILER=("$HIPCC" -std=c++17 -O2 -I "$KERNELS" -x hip)
  [ -n "$ARCH" ] && COMPILER+=("--offload-arch=$ARCH")
fi
if [ "$COMPILE_ONLY" = 0 ] && [ "$HAVE_GPU" = 0 ]; then
  echo "SKIP kernels/run-gpu.sh: $PLATFORM toolkit found ($TOOLKIT_VERSION) but no GPU; use --compile-only to build only"
  exit 0
fi

# ------------------------------------------------------------------------------------------
# Programs.
PROGRAMS=()
# On NVIDIA the mapping's own self-test runs first: a sample's result means something only if the
# mapped HIP names behave as HIP's do.
if [ "$PLATFORM" = nvidia ] && { [ ${#ONLY[@]} -eq 0 ] || [[ " ${ONLY[*]} " == *" hip_on_cuda "* ]]; }; then
  PROGRAMS+=("hip_on_cuda/selftest")
fi
for dir in "$KERNELS"/*/; do
  name=$(basename "$dir")
  [ "$name" = common ] || [ "$name" = hip_on_cuda ] && continue
  if [ ${#ONLY[@]} -gt 0 ]; then
    keep=0
    for o in "${ONLY[@]}"; do [ "$o" = "$name" ] && keep=1; done
    [ "$keep" = 1 ] || continue
  fi
  for variant in fixed bad; do
    [ -f "$dir/$variant.hip" ] && PROGRAMS+=("$name/$variant")
  done
done
if [ ${#PROGRAMS[@]} -eq 0 ]; then
  echo "run-gpu.sh: no kernels/*/fixed.hip or bad.hip found" >&2
  exit 2
fi

if [ -z "$BUILD_DIR" ]; then
  BUILD_DIR=$(mktemp -d "${TMPDIR:-/tmp}/rocm-tidy-run-gpu.XXXXXX")
  trap 'rm -rf "$BUILD_DIR"' EXIT
fi
mkdir -p "$BUILD_DIR"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

build_one() { # sample/variant
  local prog=$1 out="$BUILD_DIR/${1//\//__}" t0 t1 rc
  t0=$(now)
  "${COMPILER[@]}" "$KERNELS/$prog.hip" -o "$out.bin" >"$out.build.log" 2>&1
  rc=$?
  t1=$(now)
  echo "$rc $(elapsed "$t0" "$t1")" >"$out.build"
}

MODE=""
[ "$WAVE64" = 1 ] && MODE=" (wave64 emulation: 64-lane wavefront semantics over pairs of 32-lane warps)"
echo "run-gpu.sh: $PLATFORM$MODE, $TOOLKIT_VERSION, device: $DEVICE_NAME; building ${#PROGRAMS[@]} programs (-j $JOBS)"
running=0
for prog in "${PROGRAMS[@]}"; do
  build_one "$prog" &
  running=$((running + 1))
  if [ "$running" -ge "$JOBS" ]; then wait -n; running=$((running - 1)); fi
done
wait

# Expected outcomes: "gpu-expect-wave64:" (with --wave64) beats "gpu-expect-<platform>:", which beats
# "gpu-expect:"; prints "OUTCOMES<TAB>reason".
expectation() { # file
  local line=""
  [ "$WAVE64" = 1 ] && line=$(grep -m1 -E '//[[:space:]]*gpu-expect-wave64:' "$1")
  [ -n "$line" ] || line=$(grep -m1 -E "//[[:space:]]*gpu-expect-$PLATFORM:" "$1" || grep -m1 -E '//[[:space:]]*gpu-expect:' "$1")
  [ -n "$line" ] || return 1
  line=${line#*gpu-expect*:}
  local outcomes=${line%%--*} reason=""
  case "$line" in *--*) reason=${line#*--} ;; esac
  outcomes=$(echo "$outcomes" | tr -d '[:space:]')
  reason=$(echo "$reason" | sed 's/^[[:space:]]*//; s/[[:space:]]*$//')
  printf '%s\t%s\n' "$outcomes" "$reason"
}
in_set() { # outcome "A|B|C"
  local IFS='|' o
  for o in $2; do [ "$o" = "$1" ] && return 0; done
  return 1
}

ROWS=()
STATUS=0
FIXED_BAD=0
for prog in "${PROGRAMS[@]}"; do
  sample=${prog%/*}
  variant=${prog#*/}
  base="$BUILD_DIR/${prog//\//__}"
  read -r brc btime <"$base.build"
  device="$DEVICE_NAME"
  warp="-"
  [ "$PLATFORM" = nvidia ] && warp=$([ "$WAVE64" = 1 ] && echo 64 || echo 32)
  runtime="-"
  detail=""
  if [ "$brc" != 0 ]; then
    observed=compile-error
    detail=$(grep -m1 -iE 'error' "$base.build.log" | sed 's/^[^ ]*: //' | cut -c1-120)
  elif [ "$COMPILE_ONLY" = 1 ]; then
    observed=built
  else
    t0=$(now)
    timeout "$TIMEOUT_S" "$base.bin" >"$base.run.log" 2>&1
    rrc=$?
    t1=$(now)
    runtime=$(elapsed "$t0" "$t1")
    line=$(grep -m1 -E '^(PASS|FAIL) ' "$base.run.log")
    if [ -n "$line" ]; then
      d=$(echo "$line" | sed -n 's/.*\[device: \(.*\), warp size \([0-9]*\)\]$/\1/p')
      w=$(echo "$line" | sed -n 's/.*, warp size \([0-9]*\)\]$/\1/p')
      [ -n "$d" ] && device=$d
      [ -n "$w" ] && warp=$w
      detail=$(echo "$line" | sed 's/^[A-Z]* [^:]*: //; s/ \[device: .*//' | cut -c1-120)
    else
      detail=$(grep -m1 -v '^$' "$base.run.log" | cut -c1-120)
    fi
    case "$rrc" in
      0) if [ "${line%% *}" = PASS ]; then observed=PASS; else observed=FAIL; detail="exit 0 without a PASS line"; fi ;;
      1) observed=FAIL ;;
      2) observed=runtime-error ;; # HIP_CHECK: a HIP call failed (e.g. an invalid launch)
      124) observed=timeout ;;
      *) observed=crash; detail="exit status $rrc${detail:+: $detail}" ;;
    esac
  fi

  # Expected outcome and verdict.
  if exp=$(expectation "$KERNELS/$prog.hip"); then
    expected=${exp%%$'\t'*}
    reason=${exp#*$'\t'}
    stated=1
  elif [ "$variant" != bad ]; then
    expected=PASS; reason=""; stated=1
  elif [ "$PLATFORM" = amd ]; then
    expected="FAIL|runtime-error|compile-error"; reason="the hazard shows on AMD"; stated=1
  else
    expected="FAIL|runtime-error|compile-error"; reason=""; stated=0
  fi
  if [ "$COMPILE_ONLY" = 1 ]; then
    if [ "$observed" = compile-error ]; then
      if in_set compile-error "$expected"; then verdict="as expected${reason:+: $reason}"
      elif [ "$variant" = bad ] && [ "$stated" = 0 ]; then verdict="the hazard shows here too (does not build)"
      else verdict="UNEXPECTED: does not build"; STATUS=1; fi
    elif [ "$variant" = bad ] && [ "$stated" = 1 ] && [ "$expected" = compile-error ]; then
      verdict="UNEXPECTED: builds${reason:+ (expected compile-error: $reason)}"; STATUS=1
    else
      verdict="as expected${reason:+: $reason}"
    fi
  elif in_set "$observed" "$expected"; then
    verdict="as expected${reason:+: $reason}"
  elif [ "$variant" = bad ] && [ "$observed" = PASS ] && [ "$warp" = 32 ] && case "$sample" in *warp-size*) true ;; *) false ;; esac; then
    verdict="passes on warp-32 hardware; the hazard needs a 64-lane wavefront"
  elif [ "$variant" = bad ] && [ "$stated" = 0 ]; then
    if [ "$observed" = PASS ]; then verdict="passes here; the hazard is AMD-specific"
    else verdict="the hazard shows here too"; fi
  else
    verdict="UNEXPECTED: expected ${expected//|/ or }${reason:+ ($reason)}"
    STATUS=1
  fi
  if [ "$variant" != bad ] && [ "$observed" != PASS ] && [ "$observed" != built ]; then
    STATUS=1; FIXED_BAD=$((FIXED_BAD + 1))
  fi
  [ "$stated" = 1 ] && shown_expected=${expected//|/ or } || shown_expected="not stated for $PLATFORM"
  [ "$COMPILE_ONLY" = 1 ] && [ "$variant" != bad ] && shown_expected=built
  detail=${detail//$ROOT\//}
  ROWS+=("$sample"$'\t'"$variant"$'\t'"$device"$'\t'"$warp"$'\t'"$observed"$'\t'"$shown_expected"$'\t'"$verdict"$'\t'"$btime"$'\t'"$runtime"$'\t'"$detail")
done

# ------------------------------------------------------------------------------------------
# Output.
printf '%-32s %-8s %-26s %-5s %-14s %-9s %-8s %s\n' kernel variant device warp observed build-s run-s verdict
for r in "${ROWS[@]}"; do
  IFS=$'\t' read -r k v d w o e vd bt rt dt <<<"$r"
  printf '%-32s %-8s %-26.26s %-5s %-14s %-9s %-8s %s\n' "$k" "$v" "$d" "$w" "$o" "$bt" "$rt" "$vd"
  [ -n "$dt" ] && printf '%-32s %-8s   %s\n' "" "" "$dt"
done

n_fixed=0; n_fixed_ok=0; n_bad=0; n_bad_shown=0; n_unexpected=0
for r in "${ROWS[@]}"; do
  IFS=$'\t' read -r k v d w o e vd bt rt dt <<<"$r"
  case "$vd" in UNEXPECTED*) n_unexpected=$((n_unexpected + 1)) ;; esac
  if [ "$v" = bad ]; then
    n_bad=$((n_bad + 1))
    [ "$o" != PASS ] && [ "$o" != built ] && n_bad_shown=$((n_bad_shown + 1))
  else
    n_fixed=$((n_fixed + 1))
    { [ "$o" = PASS ] || [ "$o" = built ]; } && n_fixed_ok=$((n_fixed_ok + 1))
  fi
done
SUMMARY="Summary: $n_fixed_ok of $n_fixed fixed programs (and the mapping self-test) $([ "$COMPILE_ONLY" = 1 ] && echo built || echo passed); $n_bad_shown of $n_bad bad programs $([ "$COMPILE_ONLY" = 1 ] && echo 'failed to build' || echo 'failed or did not build') here; $n_unexpected unexpected."

if [ -n "$MARKDOWN" ]; then
  {
    vendor=$([ "$PLATFORM" = nvidia ] && echo NVIDIA || echo AMD)
    if [ "$COMPILE_ONLY" = 1 ]; then echo "## $vendor build (compile only, no run)$MODE"; else echo "## $vendor run: $DEVICE_NAME$MODE"; fi
    echo
    echo "- date: $(date -u '+%Y-%m-%d %H:%M UTC')"
    echo "- host: $(uname -srm)"
    if [ "$PLATFORM" = nvidia ]; then
      driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -n1)
      echo "- driver: ${driver:--}"
      echo "- toolkit: $TOOLKIT_VERSION ($("$NVCC" --version | tail -n1)); HIP through kernels/hip_on_cuda"
    else
      echo "- ROCm: $(cat /opt/rocm/.info/version 2>/dev/null || echo '-'); $("$HIPCC" --version 2>/dev/null | sed -n 's/^HIP version: */HIP /p' | head -n1)"
      command -v hipconfig >/dev/null 2>&1 && echo "- hipconfig: platform $(hipconfig --platform 2>/dev/null), $(hipconfig --version 2>/dev/null)"
    fi
    echo "- command: \`kernels/run-gpu.sh$([ "$WAVE64" = 1 ] && echo ' --wave64')$([ "$COMPILE_ONLY" = 1 ] && echo ' --compile-only') --markdown ...\` (compiler: \`$(basename "${COMPILER[0]}") ${COMPILER[*]:1}\`)" | sed "s|$ROOT/||g"
    echo
    echo "| kernel | variant | device | warp size | observed | expected | verdict | build s | run s | program output |"
    echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
    for r in "${ROWS[@]}"; do
      IFS=$'\t' read -r k v d w o e vd bt rt dt <<<"$r"
      echo "| $k | $v | $d | $w | $o | $e | $vd | $bt | $rt | ${dt//|/\\|} |"
    done
    echo
    echo "$SUMMARY"
  } >"$MARKDOWN"
  echo "run-gpu.sh: wrote $MARKDOWN"
fi

echo "run-gpu.sh: $PLATFORM: $SUMMARY Exit status $STATUS."
exit "$STATUS"
