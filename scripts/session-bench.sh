#!/bin/sh
# The session benchmark (examples/session-bench/main.rs): agent-like sessions on real
# repositories, driven through the binary in the default configuration; per session the
# predicted cache reuse next to the agents' baseline and the upper bound.
# Pass --summary for the table only, --only NAME[,NAME…] for some sessions, --history-at REV for
# the history session's commits up to REV (figures that later commits do not move),
# --library for the scripted sessions on a generated repository.
set -eu
cd "$(dirname "$0")/.."
cargo build --quiet --bin asimi-prompt
exec cargo run --quiet --example session-bench -- "$@"
