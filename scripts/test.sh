#!/usr/bin/env bash
# Runs every test of iotile: unit tests, the round-trip execution tests over
# testsuite/run, the error corpus and the code snapshots.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --locked
cargo test --locked -- --nocapture
