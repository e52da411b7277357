#!/usr/bin/env bash
# A long fuzzing run of the front end and pipeline; failing inputs are saved
# in target/fuzz-failures.
#   scripts/fuzz.sh [ITERATIONS] [SEED]     (default 1000000 iterations, seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked
exec target/release/iotile-fuzz --iterations "${1:-1000000}" --seed "${2:-1}" --out target/fuzz-failures
