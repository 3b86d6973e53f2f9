#!/usr/bin/env bash
# Whole-process benchmarks, each measured side by side with a baseline in one hyperfine
# run (this machine is shared and noisy, so only ratios within one run mean much).
#
#   scripts/bench.sh            # all
#   scripts/bench.sh size       # the release binary's size vs code2prompt's, as built and
#                               # stripped
#   scripts/bench.sh render     # `template render` vs `cat` of the same output
#   scripts/bench.sh system     # `system` in a git repo with two AGENTS.md vs `cat`, and
#                               # with a goal, two skills and the sanity check; then with
#                               # its prompt rendered afresh each run (no render cache);
#                               # then the plain `cargo build --release` binary
#                               # (dynamically linked)
#   scripts/bench.sh messages   # `messages`, 200 files of a 20,000-file repo, vs code2prompt,
#                               # repomix and `git ls-files | xargs cat` of the same files
#   scripts/bench.sh map        # `map` cold and warm vs `ctags -L - -f out`, peak RSS, and
#                               # `messages` in a warm session with and without the map, on
#                               # ~900 cargo registry files committed to git
#   scripts/bench.sh map-index  # the map's indexer, cold and warm cache, vs `ctags -L - -f out`
#                               # on ~900 cargo registry files (benches/map.rs)
#   scripts/bench.sh pack       # `messages` packing tokio's src/ (gemini-2.5-pro, no file
#                               # tree; the map on and off) vs code2prompt, repomix and
#                               # `cat` of the same files: wall, CPU and peak RSS
#   scripts/bench.sh secrets    # `messages` in a ~6 MB repository (cargo registry sources),
#                               # sending 2.5 MB of it: --secrets allow vs redact (the default),
#                               # later runs, first runs, and later runs with a new prompt
#   scripts/bench.sh budget     # peak RSS and time of fixtures/repro/printf-memory (a 250-byte
#                               # template whose printf widths once took a gigabyte) under
#                               # the default byte budget, against a 1M budget and `cat`
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v hyperfine >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq hyperfine
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The binary as `scripts/release install` leaves it: a copy. The file the linker wrote
# starts about 0.3 ms slower on this machine (more page faults: 463 against 435), which
# users never run.
cp "$(scripts/release build)" "$work/asimi-prompt"
bin=$work/asimi-prompt
runs=${RUNS:-200}

# Prints each command's median from hyperfine's JSON export, and the ratio to the first;
# then its mean CPU time (user + system), which other jobs on the machine disturb less.
medians() {
  python3 - "$1" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
base, base_cpu = results[0]["median"], results[0]["user"] + results[0]["system"]
for r in results:
    cpu = r["user"] + r["system"]
    print(f"  median {r['median'] * 1000:6.2f} ms  ({r['median'] / base:4.2f}x)  "
          f"cpu {cpu * 1000:6.1f} ms ({cpu / base_cpu:4.2f}x)  {r['command']}")
PY
}

bench_size() {
  if ! command -v code2prompt >/dev/null 2>&1; then
    cargo install --quiet code2prompt
  fi
  echo "== release binary size vs code2prompt's (cargo install's build)"
  local path
  for path in "$bin" "$(command -v code2prompt)"; do
    strip -o "$work/stripped" "$path"
    python3 - "$path" "$work/stripped" <<'PY'
import os, sys
path, stripped = sys.argv[1], sys.argv[2]
mb = lambda p: os.path.getsize(p) / 1e6
print(f"  {mb(path):6.1f} MB  ({mb(stripped):6.1f} MB stripped)  {path}")
PY
  done
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
  # The third command adds a goal, two skills and the sanity check (the registry is read).
  local full="--goal $PWD/fixtures/bench/goal.yaml --skill code-review --skill debugging --sanity"
  (cd "$repo/sub" && HOME=$work "$bin" system --model claude-sonnet-5-5) > "$work/system.out"
  echo "== system (git repo, two AGENTS.md) vs cat of its output; then with goal and skills"
  (cd "$repo/sub" && HOME=$work hyperfine -N --warmup 20 --runs "$runs" \
    --export-json "$work/system.json" \
    "cat $work/system.out" \
    "$bin system --model claude-sonnet-5-5" \
    "$bin system --model claude-sonnet-5-5 $full")
  medians "$work/system.json"
  # Each run with its rendered prompt out of the cache: what the first run of a prompt
  # (a new project, model, template or build) costs.
  echo "== system: a prompt rendered before (read from the cache) vs rendered afresh"
  local rendered=$work/.cache/asimi-prompt/rendered-1
  (cd "$repo/sub" && HOME=$work XDG_CACHE_HOME=$work/.cache \
    hyperfine -N --warmup 20 --runs "$runs" --export-json "$work/cold.json" \
    --prepare "true" --prepare "true" --prepare "rm -rf $rendered" \
    -n "cat" -n "system, read from the cache" -n "system, rendered afresh" \
    "cat $work/system.out" \
    "$bin system --model claude-sonnet-5-5" \
    "$bin system --model claude-sonnet-5-5")
  medians "$work/cold.json"
  cargo build --release --quiet
  cp target/release/asimi-prompt "$work/plain"
  echo "== system: scripts/release's binary vs the plain release build, dynamically linked"
  (cd "$repo/sub" && HOME=$work hyperfine -N --warmup 20 --runs "$runs" \
    --export-json "$work/plain.json" \
    "cat $work/system.out" \
    "$bin system --model claude-sonnet-5-5" \
    "$work/plain system --model claude-sonnet-5-5")
  medians "$work/plain.json"
}

# The same repository shape as benches/request.rs: 20,000 files of about 1.5 KB in
# src/pkgNNN/, 100 to a directory, all in git's index. The working files are the 200 in
# src/pkg000 and src/pkg001.
make_repo() {
  local repo=$1
  python3 - "$repo" <<'PY'
import os, sys
root = sys.argv[1]
for i in range(20000):
    d = os.path.join(root, "src", f"pkg{i // 100:03}")
    if i % 100 == 0:
        os.makedirs(d, exist_ok=True)
    body = [f"//! Module {i}: generated for the request benchmark.\n\nuse std::collections::BTreeMap;\n\n"]
    for f in range(6):
        body.append(
            f"/// Looks up entry {f} of module {i} and returns its weight.\n"
            f"pub fn lookup_{f}(map: &BTreeMap<String, u64>, key: &str) -> Option<u64> {{\n"
            f"    let value = map.get(key)?;\n    Some(value.saturating_mul({f}) + {i})\n}}\n\n")
    with open(os.path.join(d, f"mod{i:05}.rs"), "w") as fh:
        fh.write("".join(body))
PY
  git -C "$repo" init -q
  git -C "$repo" add -A
}

bench_messages() {
  if ! command -v code2prompt >/dev/null 2>&1; then
    cargo install --quiet code2prompt
  fi
  if ! command -v repomix >/dev/null 2>&1; then
    npm install -g --silent repomix
  fi
  local repo=$work/big
  mkdir -p "$repo"
  make_repo "$repo"
  local files
  files=$(cd "$repo" && git ls-files src/pkg000 src/pkg001 | tr '\n' ' ')
  [ "$(echo $files | wc -w)" = 200 ] || { echo "expected 200 working files" >&2; exit 1; }
  local include='src/pkg000/**,src/pkg001/**'
  # Each tool packs the same 200 files; asimi-prompt also lists all 20,000 in the tree.
  local asimi="$bin messages --model claude-sonnet-5-5 --prompt 'Explain the lookups.' --file $files"
  local c2p="code2prompt . --include '$include' --quiet --output-file $work/c2p.out"
  local rmx="repomix . --include '$include' --quiet --output $work/repomix.out"
  (cd "$repo" && HOME=$work eval "$asimi" > "$work/messages.out")
  (cd "$repo" && eval "$c2p" >/dev/null && eval "$rmx" >/dev/null)
  echo "== messages (200 of 20,000 files) vs git ls-files | xargs cat, code2prompt, repomix"
  echo "   output bytes: asimi-prompt $(wc -c < "$work/messages.out"), code2prompt $(wc -c < "$work/c2p.out"), repomix $(wc -c < "$work/repomix.out")"
  # Through the shell (hyperfine subtracts its start-up), since the baseline is a pipeline.
  (cd "$repo" && HOME=$work hyperfine --warmup 3 --runs "${MESSAGES_RUNS:-20}" \
    --export-json "$work/messages.json" \
    -n "git ls-files | xargs cat" -n "asimi-prompt messages" -n code2prompt -n repomix \
    "git ls-files src/pkg000 src/pkg001 | xargs cat > /dev/null" \
    "$asimi" \
    "$c2p" \
    "$rmx")
  medians "$work/messages.json"
}

bench_map_index() {
  echo "== map indexer (cold and warm cache) vs ctags on the same files"
  cargo bench --quiet --bench map
}

# Rust from the cargo registry, whole crates in name order, until MAX_FILES files or
# MAX_BYTES bytes, committed: real code, with the words (`key`, `token`, `secret`) that
# wake the secret rules. The map's corpus is 900 files (as benches/map.rs picks them,
# tokio's size); the secrets corpus 6 MB.
make_registry_corpus() {
  local dest=$1 max_files=$2 max_bytes=$3
  python3 - "$dest" "$max_files" "$max_bytes" <<'PY'
import os, shutil, sys
dest, max_files, max_bytes = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
registry = os.path.expanduser("~/.cargo/registry/src")
index = os.path.join(registry, sorted(os.listdir(registry))[0])
files = total = 0
for krate in sorted(os.listdir(index)):
    if files >= max_files or total >= max_bytes:
        break
    found = []
    for parent, dirs, names in os.walk(os.path.join(index, krate)):
        dirs.sort()
        found += [os.path.join(parent, n) for n in names
                  if n.endswith(".rs") and os.path.getsize(os.path.join(parent, n)) <= 200_000]
    for path in sorted(found):
        to = os.path.join(dest, os.path.relpath(path, index))
        os.makedirs(os.path.dirname(to), exist_ok=True)
        shutil.copyfile(path, to)
        files += 1
        total += os.path.getsize(path)
print(f"   corpus: {files} files, {total / (1 << 20):.1f} MB", file=sys.stderr)
PY
  git -C "$dest" init -q
  git -C "$dest" add -A
  git -C "$dest" -c user.name=bench -c user.email=bench@localhost commit -qm corpus
}

bench_map() {
  if ! command -v ctags >/dev/null 2>&1; then
    apt-get update -qq && apt-get install -y -qq universal-ctags
  fi
  local corpus=$work/corpus cache=$work/cache
  make_registry_corpus "$corpus" 900 $((1 << 40))
  git -C "$corpus" ls-files > "$work/files"
  echo "== map: $(wc -l < "$work/files") files, $(du -sh --apparent-size "$corpus" | cut -f1)" \
    "(cold: empty cache before each run) vs ctags -L - -f out"
  (cd "$corpus" && HOME=$work XDG_CACHE_HOME=$cache hyperfine --warmup 2 --runs "${MAP_RUNS:-10}" \
    --export-json "$work/map.json" \
    --prepare true --prepare "rm -rf $cache" --prepare true \
    "ctags -L $work/files -f $work/tags" \
    "$bin map > /dev/null" \
    "$bin map > /dev/null")
  medians "$work/map.json"
  echo "  (the second $bin map is cold, the third warm)"
  echo "== peak RSS of map, cold"
  rm -rf "$cache"
  (cd "$corpus" && HOME=$work XDG_CACHE_HOME=$cache /usr/bin/time -f "  %M KB" "$bin" map > /dev/null)
  local flags="--model claude-sonnet-5-5 --prompt 'Explain the corpus.'"
  (cd "$corpus" && HOME=$work XDG_CACHE_HOME=$cache XDG_STATE_HOME=$work/state sh -c \
    "$bin messages $flags --session with > /dev/null && $bin messages $flags --session with > /dev/null &&
     $bin messages $flags --no-symbol-map --session without > /dev/null")
  echo "== messages in a warm session: without the map, then with it"
  (cd "$corpus" && HOME=$work XDG_CACHE_HOME=$cache XDG_STATE_HOME=$work/state hyperfine --warmup 2 \
    --runs "${MAP_RUNS:-10}" --export-json "$work/messages-map.json" \
    "$bin messages $flags --no-symbol-map --session without --no-update > /dev/null" \
    "$bin messages $flags --session with --no-update > /dev/null")
  medians "$work/messages-map.json"
}

# tokio's src/ from the cargo registry (the newest tokio-1.*: about 380 files, 3.5 MiB,
# 900K tokens), committed to git; without it, registry sources of the same size.
make_tokio_corpus() {
  local dest=$1 tokio
  tokio=$(ls -d ~/.cargo/registry/src/*/tokio-1.*/src 2>/dev/null | sort -V | tail -1)
  if [ -n "$tokio" ]; then
    mkdir -p "$dest" && cp -r "$tokio" "$dest/src"
    git -C "$dest" init -q && git -C "$dest" add -A
    git -C "$dest" -c user.name=bench -c user.email=bench@localhost commit -qm corpus
  else
    echo "   (no tokio in the cargo registry: registry sources of its size instead)"
    make_registry_corpus "$dest" 380 $((7 << 19))
  fi
}

# Each command's median wall time, mean CPU time and peak RSS, with ratios to the first
# (`cat`) and to the one named code2prompt.
pack_table() {
  python3 - "$1" "$2" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
rss = [int(line) for line in open(sys.argv[2]).read().split()]
cpu = lambda r: r["user"] + r["system"]
cat = results[0]
peer = next((r for r in results if r["command"] == "code2prompt"), cat)
print(f"  {'command':<40} {'median':>9} {'x cat':>6} {'x c2p':>6} {'cpu':>9} {'x c2p':>6} {'peak RSS':>9}")
for r, kb in zip(results, rss):
    print(f"  {r['command']:<40} {r['median'] * 1000:6.1f} ms {r['median'] / cat['median']:6.2f} "
          f"{r['median'] / peer['median']:6.2f} {cpu(r) * 1000:6.1f} ms {cpu(r) / cpu(peer):6.2f} "
          f"{kb / 1024:5.1f} MiB")
PY
}

bench_pack() {
  command -v code2prompt >/dev/null 2>&1 || cargo install --quiet code2prompt
  local have_repomix=1
  if ! command -v repomix >/dev/null 2>&1; then
    if command -v npm >/dev/null 2>&1; then
      npm install -g --silent repomix
    else
      have_repomix=0
      echo "   (no npm: repomix is left out)"
    fi
  fi
  local repo=$work/tokio
  make_tokio_corpus "$repo"
  local cat_files
  cat_files="cat $(cd "$repo" && git ls-files src | tr '\n' ' ')"
  echo "== pack: messages of tokio's src/ ($(cd "$repo" && git ls-files src | wc -l) files," \
    "$(du -sh --apparent-size "$repo/src" | cut -f1)) vs code2prompt, repomix and cat"
  local asimi="$bin messages --model gemini-2.5-pro --no-file-tree --prompt x --file src"
  local names=(cat "asimi-prompt messages" "asimi-prompt messages --no-symbol-map" code2prompt)
  local cmds=("$cat_files" "$asimi" "$asimi --no-symbol-map"
    "code2prompt src --quiet --output-file $work/c2p.out")
  if [ "$have_repomix" = 1 ]; then
    names+=(repomix)
    cmds+=("repomix src --quiet --output $work/repomix.out")
  fi
  local args=() i
  for i in "${!cmds[@]}"; do
    args+=(-n "${names[$i]}" "${cmds[$i]}")
  done
  (cd "$repo" && HOME=$work hyperfine -N --warmup 3 --runs "${PACK_RUNS:-20}" \
    --export-json "$work/pack.json" "${args[@]}" > /dev/null)
  # Peak RSS of one (warm) run of each.
  : > "$work/pack.rss"
  for i in "${!cmds[@]}"; do
    (cd "$repo" && HOME=$work /usr/bin/time -f %M -a -o "$work/pack.rss" ${cmds[$i]} > /dev/null)
  done
  pack_table "$work/pack.json" "$work/pack.rss"
  # The runs above count with the memo warm (the warmup filled it); a first run has none.
  echo "== pack: the first run (no remembered counts: memo deleted) vs a later one"
  (cd "$repo" && HOME=$work hyperfine -N --warmup 3 --runs "${PACK_RUNS:-20}" \
    --export-json "$work/pack-cold.json" --prepare "rm -f $work/.cache/asimi-prompt/memo-1.bin" \
    --prepare true \
    -n "first run" -n "later run" "$asimi" "$asimi" > /dev/null)
  medians "$work/pack-cold.json"
}

bench_secrets() {
  local repo=$work/registry
  mkdir -p "$repo"
  make_registry_corpus "$repo" 1000000 $((6 << 20))
  # The files that fit a 1M-token window (gemini-3-pro) with the repository's map: 2.5 MB.
  (cd "$repo" && git ls-files | python3 -c '
import os, sys
total = 0
for f in sys.stdin.read().split():
    total += os.path.getsize(f)
    if total > 5 << 19:
        break
    print(f)') > "$work/files"
  echo "== messages in a ~6 MB repository sending 2.5 MB of it: --secrets allow vs redact"
  echo "   $(wc -l < "$work/files") files sent"
  local files run
  files=$(sed 's/^/--file /' "$work/files" | tr '\n' ' ')
  run="$bin messages --model gemini-3-pro --prompt x $files"
  (cd "$repo" && HOME=$work eval "$run --secrets allow" > "$work/allow.out")
  (cd "$repo" && HOME=$work eval "$run" > "$work/redact.out")
  (cd "$repo" && HOME=$work hyperfine -N --warmup 3 --runs "${SECRETS_RUNS:-30}" \
    --export-json "$work/secrets.json" -n "secrets allow" -n "secrets redact" \
    "$run --secrets allow" "$run --secrets redact")
  medians "$work/secrets.json"
  # Above, later runs: counts and clean texts are remembered. A first run has neither.
  echo "== the same, each run the first (memo deleted before it)"
  (cd "$repo" && HOME=$work hyperfine -N --warmup 3 --runs "${SECRETS_RUNS:-30}" \
    --prepare "rm -f $work/.cache/asimi-prompt/memo-1.bin" \
    --export-json "$work/secrets-first.json" -n "secrets allow" -n "secrets redact" \
    "$run --secrets allow" "$run --secrets redact")
  medians "$work/secrets-first.json"
  # In use, a later run brings a new prompt: it is new to the memo, so it is scanned, and
  # the rules its words select (here "token", "secret", "key") compile.
  echo "== the same, later runs, each with a new prompt (on standard input)"
  local prompt="Fix the token counting and the secret key handling"
  (cd "$repo" && HOME=$work hyperfine --warmup 3 --runs "${SECRETS_RUNS:-30}" \
    --prepare "echo \"$prompt \$(date +%s%N)\" > $work/prompt" \
    --export-json "$work/secrets-prompt.json" -n "secrets allow" -n "secrets redact" \
    "$bin messages --model gemini-3-pro $files --secrets allow < $work/prompt" \
    "$bin messages --model gemini-3-pro $files --secrets redact < $work/prompt")
  medians "$work/secrets-prompt.json"
}

bench_budget() {
  local repro=$PWD/fixtures/repro/printf-memory
  echo "== the printf-width repro: peak RSS (KB), wall (s) and exit code, 5 runs each"
  local budget i
  for budget in default 1M; do
    local flag=()
    [ "$budget" = default ] || flag=(--template-bytes "$budget")
    for i in 1 2 3 4 5; do
      /usr/bin/time -f "  budget $budget: %M KB %e s exit %x" \
        "$bin" template render "$repro/template.tmpl" --data "$repro/data.json" "${flag[@]}" \
        >/dev/null 2>"$work/err" || true
      tail -1 "$work/err"
    done
  done
  for i in 1 2 3; do
    /usr/bin/time -f "  cat of the data: %M KB %e s" cat "$repro/data.json" >/dev/null
  done
}

case "${1:-all}" in
  size) bench_size ;;
  render) bench_render ;;
  system) bench_system ;;
  messages) bench_messages ;;
  map) bench_map ;;
  map-index) bench_map_index ;;
  pack) bench_pack ;;
  secrets) bench_secrets ;;
  budget) bench_budget ;;
  all) bench_size; bench_render; bench_system; bench_messages; bench_pack; bench_map
    bench_map_index; bench_secrets; bench_budget ;;
  *) echo "usage: $0 [size|render|system|messages|pack|map|map-index|secrets|budget|all]" >&2; exit 2 ;;
esac
