#!/usr/bin/env bash
# A long differential run on random programs: every option set on every
# program, failures saved with their automatic reductions.
#   scripts/random.sh [COUNT] [FIRST_SEED]     (default 10000 programs from seed 1)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked
exec target/release/iotile-random --all --count "${1:-10000}" --seed "${2:-1}" --jobs "$(nproc)" --out target/random-failures
