#!/usr/bin/env bash
# Whole-process benchmarks, each measured side by side with a baseline in one hyperfine
# run (this machine is shared and noisy, so only ratios within one run mean much).
#
#   scripts/bench.sh            # all
#   scripts/bench.sh render     # `template render` vs `cat` of the same output
#   scripts/bench.sh system     # `system` in a git repo with two AGENTS.md vs `cat`
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v hyperfine >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq hyperfine
fi
cargo build --release --quiet
bin=$PWD/target/release/asimi-prompt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
runs=${RUNS:-200}

# Prints each command's median from hyperfine's JSON export, and the ratio to the first.
medians() {
  python3 - "$1" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base = results[0]["median"]
for r in results:
    print(f"  median {r['median'] * 1000:6.2f} ms  ({r['median'] / base:4.2f}x)  {r['command']}")
PY
}

bench_render() {
  local tmpl=fixtures/bench/prompt-5k.md.tmpl data=fixtures/bench/prompt-data.json
  "$bin" template render "$tmpl" --data "$data" > "$work/render.out"
  echo "== template render (5 KB template) vs cat of its output"
  hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/render.json" \
    "cat $work/render.out" \
    "$bin template render $tmpl --data $data"
  medians "$work/render.json"
}

bench_system() {
  local repo=$work/repo
  mkdir -p "$repo/sub"
  git -C "$repo" init -q
  printf '# Project\n- test: `just test`\n- build: `just build`\n' > "$repo/AGENTS.md"
  printf 'Use present progressive in commit messages.\n' > "$repo/sub/AGENTS.md"
  (cd "$repo/sub" && HOME=$work "$bin" system --model claude-sonnet-4-5) > "$work/system.out"
  echo "== system (git repo, two AGENTS.md) vs cat of its output"
  (cd "$repo/sub" && HOME=$work hyperfine -N --warmup 20 --runs "$runs" \
    --export-json "$work/system.json" \
    "cat $work/system.out" \
    "$bin system --model claude-sonnet-4-5")
  medians "$work/system.json"
}

case "${1:-all}" in
  render) bench_render ;;
  system) bench_system ;;
  all) bench_render; bench_system ;;
  *) echo "usage: $0 [render|system|all]" >&2; exit 2 ;;
esac
