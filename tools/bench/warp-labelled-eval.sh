#!/usr/bin/env bash
# Measures rocm-warp-size-assumption on the labelled set of real wave64 lines
# (tools/bench/warp-labelled-set.tsv, and any other part given with --set).
#
#   tools/bench/warp-labelled-eval.sh [--lint BIN] [--mirrors DIR] [--rows FILE] [--set FILE]... [--checks GLOB] [--list] [--sources-only] [--index] [--also-check NAME]
#
# --set FILE: a labelled file in the same columns (repeatable; default warp-labelled-set.tsv alone,
# e.g. --set tools/bench/warp-labelled-heldout2.tsv for the second held-out part).
# --checks GLOB: the checks to run (default rocm-warp-size-assumption, the check issue #29 measures;
# 'rocm-warp-*' adds rocm-warp-size-constexpr and rocm-warp-sync-builtins, which own the ROCm 7 build errors).
# --also-check NAME: from the same run, also the figures of one check's findings alone (e.g.
# --checks 'rocm-warp-*' --also-check rocm-warp-size-assumption), with their rows in FILE.NAME.tsv.
# --index: let rocm-lint consult the project index (off by default: each file alone, as the
# figures of earlier sessions were measured); a user's run has it.
# --sources-only: extract only the source files and no build scripts or configuration, and no
# .git marker (the extraction before session 14, for comparing figures with older notes).
# --list (or --dry-run): lints nothing; prints each row it would evaluate and whether its mirror,
# revision and file are present, then exits 0 if all are, 1 if any is missing.
#
# For every (repository, revision, file, defines) of the set: extracts the repository's source
# files at that revision (the parent of the fix commit for 'pre' rows) from a bare git mirror
# under MIRRORS (default /work/.mirror, one 'owner+name/repo' per repository, as the fetch tool
# leaves them), runs BIN (default build/bin/rocm-lint) with --checks (below)
# on the file, and records which lines got a warning. Then prints, per split (in the order the
# splits first appear: TUNE, HELDOUT, HELDOUT2, ...) and label, how many rows got a finding, and
# the rows file (FILE, default a temporary file) with one line per row: split, label,
# reported (1/0), repository, path:line, mechanism, parsed (ok, or partial where rocm-lint said
# the file could not be analysed completely).
# A BUG row counts as reported when a warning lands on its line or on one of its 'also' lines;
# HARDENING and CORRECT rows count as reported only on their own line.
# A benchmark of the check's judgement, not a test: it needs the mirrors, which are not shipped.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
lint=$root/build/bin/rocm-lint
mirrors=/work/.mirror
rows_out=
checks=rocm-warp-size-assumption
set_files=()
list_only=0
sources_only=0
with_index=0
also_check=
need_value() { [[ $# -ge 2 ]] || { echo "warp-labelled-eval: '$1' needs a value" >&2; exit 2; }; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --lint) need_value "$@"; lint=$2; shift 2 ;;
    --mirrors) need_value "$@"; mirrors=$2; shift 2 ;;
    --rows) need_value "$@"; rows_out=$2; shift 2 ;;
    --set) need_value "$@"; set_files+=("$2"); shift 2 ;;
    --checks) need_value "$@"; checks=$2; shift 2 ;;
    --list | --dry-run) list_only=1; shift ;;
    --sources-only) sources_only=1; shift ;;
    --index) with_index=1; shift ;;
    --also-check) need_value "$@"; also_check=$2; shift 2 ;;
    *) echo "warp-labelled-eval: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[[ ${#set_files[@]} -gt 0 ]] || set_files=("$root/tools/bench/warp-labelled-set.tsv")
for f in "${set_files[@]}"; do
  [[ -f $f && -r $f ]] || { echo "warp-labelled-eval: no labelled set at '$f'" >&2; exit 2; }
done

# Data rows of all sets, each checked for the ten columns so a malformed line fails loudly
# instead of being measured with shifted fields.
all_rows() {
  local f
  for f in "${set_files[@]}"; do
    awk -F'\t' -v f="$f" '
      /^#/ || NF == 0 { next }
      NF != 10 { printf "warp-labelled-eval: %s:%d: %d columns, expected 10\n", f, FNR, NF > "/dev/stderr"; bad = 1; next }
      # The defines are compiler arguments, each word handed to rocm-lint: a remark in the column
      # would be one too (a word that is neither a flag nor the value of -x/-I/-D/-U/-include/-isystem).
      $10 != "-" {
        n = split($10, w, " "); takes = 0
        for (i = 1; i <= n; i++) {
          if (w[i] == "") continue
          if (takes) { takes = 0; continue }
          if (w[i] !~ /^-/) { printf "warp-labelled-eval: %s:%d: defines column holds '\''%s'\'', not a compiler argument\n", f, FNR, w[i] > "/dev/stderr"; bad = 1; break }
          if (w[i] ~ /^-(x|I|D|U|include|isystem|iquote|idirafter)$/) takes = 1
        }
      }
      { print }
      END { exit bad }' "$f" || exit 2
  done
}
rows_all=$(all_rows) || exit 2

# A snapshot is a bare repository, or (fetched by some tools) a clone with its .git inside.
mirror_of() {
  local dir=$mirrors/${1/\//+}/repo
  [[ -d $dir/.git ]] && dir=$dir/.git
  printf '%s\n' "$dir"
}

if [[ $list_only == 1 ]]; then
  missing=0
  while IFS=$'\t' read -r -u 3 split repo commit rev path line also label mechanism defines; do
    [[ -z $split ]] && continue
    git_dir=$(mirror_of "$repo")
    sha=$commit
    [[ $rev == pre ]] && sha=$commit^
    state=ok
    if [[ ! -d $git_dir ]]; then
      state=no-mirror
    elif ! git --git-dir="$git_dir" rev-parse -q --verify "$sha^{commit}" > /dev/null; then
      state=no-revision
    elif ! git --git-dir="$git_dir" cat-file -e "$sha:$path" 2> /dev/null; then
      state=no-file
    fi
    [[ $state == ok ]] || missing=1
    printf '%s\t%s\t%s\t%s\t%s:%s\t%s\t%s\n' "$split" "$label" "$state" "$repo" "$path" "$line" "$rev" "$defines"
  done 3<<< "$rows_all"
  exit $missing
fi

# What is extracted: the sources, and (unless --sources-only) what a clone gives rocm-lint's project
# model besides: build scripts, whose defines and include folders the inferred commands take, and
# the project's .clang-tidy / .rocm-lint configuration.
extract_re='\.(cu|cuh|h|hpp|hxx|hip|cpp|cc|cxx|c|inl|inc|ipp|hh)$'
[[ $sources_only == 1 ]] ||
  extract_re='(\.(cu|cuh|h|hpp|hxx|hip|cpp|cc|cxx|c|inl|inc|ipp|hh|cmake|mk)|(^|/)(CMakeLists\.txt|[Mm]akefile[^/]*|GNUmakefile|setup\.py|pyproject\.toml|\.clang-tidy|\.rocm-lint))$'
# Each file is linted from inside its extracted tree: a relative --lint names a path from here.
[[ $lint == /* ]] || lint=$PWD/$lint
[[ -f $lint && -x $lint ]] || { echo "warp-labelled-eval: no rocm-lint at $lint" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -n $rows_out ]] || rows_out=$work/rows.tsv
: > "$rows_out"
rows_also=${rows_out%.tsv}.$also_check.tsv
[[ -z $also_check ]] || : > "$rows_also"

# One lint run per distinct (repo, commit, rev, path, defines); the findings are cached by key.
declare -A findings_of parsed_of
lint_file() { # repo commit rev path defines -> prints "line" per warning in path
  local repo=$1 commit=$2 rev=$3 path=$4 defines=$5
  local key="$repo|$commit|$rev|$path|$defines"
  if [[ -z ${findings_of[$key]+x} ]]; then
    local git_dir
    git_dir=$(mirror_of "$repo")
    local sha=$commit
    [[ $rev == pre ]] && sha=$commit^
    local tree=$work/trees/${repo/\//+}-$commit-$rev
    if [[ ! -d $tree ]]; then
      mkdir -p "$tree"
      # Large monorepos (HeCBench) are extracted one benchmark folder at a time.
      local scope=.
      [[ $repo == zjin-lcf/HeCBench ]] && scope=$(dirname "$path")
      # A private index, so the mirror's own state is never touched.
      local index=$work/index
      rm -f "$index"
      GIT_INDEX_FILE=$index git --git-dir="$git_dir" read-tree "$sha"
      git --git-dir="$git_dir" ls-tree -r --name-only "$sha" -- "$scope" |
        grep -E "$extract_re" |
        GIT_INDEX_FILE=$index git --git-dir="$git_dir" --work-tree="$tree" checkout-index --stdin 2>/dev/null || true
      # A clone, as a user has it: rocm-lint finds the project's root (and its build scripts) by it.
      [[ $sources_only == 1 ]] || git init -q "$tree"
    fi
    local args=(--checks="$checks" --no-cache --no-progress -q)
    # Without --index each file is read alone; with it rocm-lint reads the project's other files
    # that name the file's kernels, as a user's run does (how they are launched, where defined).
    [[ $with_index == 1 ]] || args+=(--no-index)
    if [[ $defines != - ]]; then
      local d
      for d in $defines; do args+=("--extra-arg=$d"); done
    fi
    local out
    out=$(cd "$tree" && "$lint" "${args[@]}" "$path" 2>"$work/stderr" || true)
    # "LINE:CHECK" per warning in path.
    findings_of[$key]=$(printf '%s\n' "$out" |
      awk -v p="$path" -F: 'index($0, p ":") == 1 && / warning: .*\[rocm-[a-z0-9-]*\]$/ {
        c = $0; sub(/.*\[/, "", c); sub(/\]$/, "", c); print $2 ":" c }' |
      sort -u | tr '\n' ' ')
    # Whether the file parsed: a miss in a file with compiler errors is a project-model question
    # (a define, an include folder, the language standard), not the check's.
    parsed_of[$key]=ok
    grep -q 'could not be analysed' "$work/stderr" && parsed_of[$key]=partial
  fi
  printf '%s\n' "${findings_of[$key]}"
}

unmeasured=0
while IFS=$'\t' read -r -u 3 split repo commit rev path line also label mechanism defines; do
  [[ -z $split ]] && continue
  # A row whose file cannot be had is not measured: counting it would call a CORRECT row quiet.
  row_sha=$commit
  [[ $rev == pre ]] && row_sha=$commit^
  if ! git --git-dir="$(mirror_of "$repo")" cat-file -e "$row_sha:$path" 2> /dev/null; then
    echo "warp-labelled-eval: not measured (no mirror, revision or file): $repo $path:$line" >&2
    unmeasured=$((unmeasured + 1))
    continue
  fi
  lint_file "$repo" "$commit" "$rev" "$path" "$defines" > /dev/null # fills the caches in this shell
  found=" $(lint_file "$repo" "$commit" "$rev" "$path" "$defines") "
  parsed=${parsed_of["$repo|$commit|$rev|$path|$defines"]}
  lines=$line
  [[ $label == BUG && $also != - ]] && lines="$line ${also//,/ }"
  hit=0
  hit_also=0
  for l in $lines; do
    [[ $found == *" $l:"* ]] && hit=1
    [[ -n $also_check && $found == *" $l:$also_check "* ]] && hit_also=1
  done
  printf '%s\t%s\t%s\t%s\t%s:%s\t%s\t%s\n' "$split" "$label" "$hit" "$repo" "$path" "$line" "$mechanism" "$parsed" >> "$rows_out"
  [[ -z $also_check ]] ||
    printf '%s\t%s\t%s\t%s\t%s:%s\t%s\n' "$split" "$label" "$hit_also" "$repo" "$path" "$line" "$mechanism" >> "$rows_also"
done 3<<< "$rows_all"

summary() {
awk -F'\t' '
  !($1 in seen) { seen[$1] = 1; S[++ns] = $1 }
  { n[$1 FS $2]++; r[$1 FS $2] += $3 }
  END {
    for (i = 1; i <= ns; ++i) {
      s = S[i]; bug = r[s FS "BUG"]; fp = r[s FS "HARDENING"] + r[s FS "CORRECT"]
      printf "  %-8s BUG reported %d/%d   HARDENING reported %d/%d   CORRECT quiet %d/%d   findings true %d/%d\n", \
        s, bug, n[s FS "BUG"], r[s FS "HARDENING"], n[s FS "HARDENING"], \
        n[s FS "CORRECT"] - r[s FS "CORRECT"], n[s FS "CORRECT"], bug, bug + fp
    }
  }' "$1"
}
echo "warp-labelled-eval: $lint ($checks)"
[[ $unmeasured == 0 ]] || echo "  $unmeasured rows not measured (their file could not be had; listed above)"
summary "$rows_out"
partial=$(awk -F'\t' '$7 == "partial"' "$rows_out" | wc -l)
[[ $partial == 0 ]] || echo "  $partial rows in files that could not be analysed completely (column 7 of the rows)"
echo "  rows: $rows_out"
if [[ -n $also_check ]]; then
  echo "warp-labelled-eval: the same run, findings of $also_check alone"
  summary "$rows_also"
  echo "  rows: $rows_also"
fi
