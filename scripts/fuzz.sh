#!/usr/bin/env bash
# A long fuzzing run of the front end and pipeline; failing inputs are saved
# in target/fuzz-failures.
#   scripts/fuzz.sh [ITERATIONS] [SEED] [JOBS]
# (default 1000000 iterations, seed 1, one job per core). The jobs take
# consecutive parts of the iterations of the one seed (`--first`), so a run
# checks the same inputs whatever the number of jobs.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --release --locked
iterations=${1:-1000000}
seed=${2:-1}
jobs=${3:-$(nproc)}
per=$(( (iterations + jobs - 1) / jobs ))
fuzz="${CARGO_TARGET_DIR:-target}/release/iotile-fuzz"
pids=()
for (( first = 0; first < iterations; first += per )); do
    count=$(( iterations - first < per ? iterations - first : per ))
    "$fuzz" --iterations "$count" --first "$first" --seed "$seed" --out target/fuzz-failures &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do
    wait "$pid" || status=1
done
exit $status
