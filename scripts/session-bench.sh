#!/bin/sh
# The session benchmark (see examples/session-bench/main.rs): predicted cache reuse and
# cost of scripted 20-request sessions, tiered (--session) vs the usual baseline.
# Pass --summary for the table only.
set -eu
cd "$(dirname "$0")/.."
exec cargo run --quiet --example session-bench -- "$@"
