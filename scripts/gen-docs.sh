#!/usr/bin/env bash
# Regenerates completions/ and man/ from the clap definitions in src/cli.rs.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --quiet
bin=target/debug/asimi-prompt
rm -rf man && mkdir -p man completions
"$bin" man --out man
for shell in bash zsh fish powershell elvish; do
  case $shell in
    bash) file=asimi-prompt.bash ;;
    zsh) file=_asimi-prompt ;;
    fish) file=asimi-prompt.fish ;;
    powershell) file=_asimi-prompt.ps1 ;;
    elvish) file=asimi-prompt.elv ;;
  esac
  "$bin" completions "$shell" > "completions/$file"
done
echo "regenerated completions/ and man/"
