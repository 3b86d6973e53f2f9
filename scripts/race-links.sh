#!/usr/bin/env bash
# Links swapped while the tool runs: for every project path the tool reads or writes, a
# loop swaps a link there between an inside target and an outside one, as fast as it can,
# while the binary runs RUNS times (default 500). Counts the runs that printed the outside
# file's content, and checks that nothing outside was written or created. Exits 1 on any.
#
#   scripts/race-links.sh             # every case, 500 runs each, with the release binary
#   RUNS=50 scripts/race-links.sh goal state   # some cases, fewer runs
#   BIN=target/debug/asimi-prompt scripts/race-links.sh
#
# Not a test of `cargo test`: 500 runs a case take minutes. CI runs it with fewer runs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-500}
if [[ -z ${BIN:-} ]]; then
  cargo build --release --quiet
  BIN=$PWD/target/release/asimi-prompt
fi
BIN=$(realpath "$BIN")
all=(agents import memory context spec files-from template asimi-dir goal state export)
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=("${all[@]}")

secret=ZZRACE_SECRET
failed=0

# A fresh world: $w/repo (a git project) and $w/outside/secret.md beside it. The outside
# directory's listing is kept, to find files created there.
world() {
  w=$(mktemp -d)
  mkdir -p "$w/outside" "$w/repo/.asimi"
  echo "$secret" >"$w/outside/secret.md"
  git init -q "$w/repo"
  echo INSIDE >"$w/repo/inside.md"
  mkdir -p "$w/repo/in-dir" "$w/outside/dir"
  echo INSIDE >"$w/repo/in-dir/x.md"
  echo "$secret" >"$w/outside/dir/x.md"
}

# Swaps the link $1 (relative to the repo) between $2 and $3 until killed.
swap() {
  # The link exists before the first run, so no run creates a file or directory there.
  (cd "$w/repo" && mkdir -p "$(dirname "$1")" && ln -sfn "$2" "$1")
  (cd "$w/repo" && exec python3 -c '
import os, sys
link, a, b = sys.argv[1:]
tmp = link + ".swap"
while True:
    for t in (a, b):
        os.symlink(t, tmp)
        os.replace(tmp, link)' "$1" "$2" "$3") &
  swapper=$!
}

# Runs "$@" in the repo RUNS times; counts the runs whose output holds the secret.
race() {
  local leaked=0
  snapshot
  for _ in $(seq "$runs"); do
    if (cd "$w/repo" && "$@" 2>&1) | grep -q "$secret"; then
      leaked=$((leaked + 1))
    fi
  done
  kill "$swapper" 2>/dev/null
  wait "$swapper" 2>/dev/null || true
  echo "$leaked"
}

# What is outside besides what the world and the case put there (listed in $w/before),
# and which of those files changed.
outside_changes() {
  (cd "$w/outside" && find . -mindepth 1 -print0 | sort -z | xargs -0 sha256sum 2>/dev/null;
    find . -mindepth 1 -type d | sort) | diff "$w/before" - | grep '^>' || true
}

# Records what is outside before the runs.
snapshot() {
  (cd "$w/outside" && find . -mindepth 1 -print0 | sort -z | xargs -0 sha256sum 2>/dev/null;
    find . -mindepth 1 -type d | sort) >"$w/before"
}

report() {
  local name=$1 leaked=$2 changes
  changes=$(outside_changes)
  if [[ $leaked -eq 0 && -z $changes ]]; then
    echo "$name: 0 of $runs runs leaked; nothing written outside"
  else
    echo "$name: $leaked of $runs runs leaked; written outside: ${changes:-nothing}"
    failed=1
  fi
  rm -rf "$w"
}

run_case() {
  world
  local out=$w/outside/secret.md
  case $1 in
  agents)
    swap AGENTS.md inside.md "$out"
    report "$1 (AGENTS.md)" "$(race "$BIN" system)" ;;
  import)
    echo "@./imp.md" >"$w/repo/AGENTS.md"
    swap imp.md inside.md "$out"
    report "$1 (@import)" "$(race "$BIN" system)" ;;
  memory)
    echo "memory_file: mem.md" >"$w/repo/.asimi/config.yaml"
    swap mem.md inside.md "$out"
    report "$1 (memory_file)" "$(race "$BIN" system)" ;;
  context)
    echo "context_files: [CTX.md]" >"$w/repo/.asimi/config.yaml"
    swap CTX.md inside.md "$out"
    report "$1 (context_files)" "$(race "$BIN" system)" ;;
  spec)
    printf 'prompt: p\nfiles: [f.md]\n' >"$w/repo/spec.yaml"
    swap f.md inside.md "$out"
    report "$1 (spec files)" "$(race "$BIN" messages --spec spec.yaml --no-symbol-map --no-file-tree)" ;;
  files-from)
    echo f.md >"$w/repo/list.txt"
    swap f.md inside.md "$out"
    report "$1 (--files-from entry)" "$(race "$BIN" messages --prompt p --files-from list.txt --no-symbol-map --no-file-tree)" ;;
  template)
    mkdir -p "$w/repo/.asimi/templates/sections"
    swap .asimi/templates/sections/git.md ../../../inside.md "$out"
    report "$1 (project template)" "$(race "$BIN" system)" ;;
  asimi-dir)
    rm -rf "$w/repo/.asimi"
    mkdir -p "$w/repo/in-asimi" "$w/outside/asimi"
    # A model name shows in the run's notes: the outside config's shows it was read.
    echo "model: claude-sonnet-5-5" >"$w/repo/in-asimi/config.yaml"
    echo "model: $secret" >"$w/outside/asimi/config.yaml"
    swap .asimi in-asimi "$w/outside/asimi"
    report "$1 (a linked .asimi)" "$(race "$BIN" system)"
    ;;
  goal)
    printf 'description: G\nstatus: active\n' >"$w/repo/in-goal.yaml"
    printf 'description: G\nstatus: active\n' >"$w/outside/goal.yaml"
    swap .asimi/goal.yaml ../in-goal.yaml "$w/outside/goal.yaml"
    report "$1 (goal apply writes .asimi/goal.yaml)" \
      "$(race sh -c "echo \"[CHECKPOINT] c\$\$ - PENDING\" | '$BIN' goal apply -")" ;;
  state)
    mkdir -p "$w/repo/in-state"
    swap .asimi/state in-state "$w/outside/dir"
    report "$1 (session state in .asimi/state)" "$(race "$BIN" messages --prompt p --session s --no-symbol-map --no-file-tree)" ;;
  export)
    mkdir -p "$w/repo/.gemini"
    swap .gemini/system.md ../inside.md "$out"
    report "$1 (export --force .gemini/system.md)" "$(race "$BIN" export --force .gemini/system.md)" ;;
  *)
    echo "unknown case '$1'; the cases are: ${all[*]}" >&2
    exit 2 ;;
  esac
}

for c in "${cases[@]}"; do
  run_case "$c"
done
exit $failed
