#!/usr/bin/env bash
# Runs every test of iotile: unit tests, the round-trip execution tests over
# testsuite/run, the error corpus, the code snapshots, driver mode, and the
# PolyBench suite checked at MINI size with --target=c and --target=openmp.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --locked
cargo test --locked
python3 scripts/polybench.py --iotile target/debug/iotile --check-sizes MINI --no-time --out target/polybench-ci
python3 scripts/polybench.py --iotile target/debug/iotile --target=openmp --compare=--no-tile --check-sizes MINI --no-time --out target/polybench-ci-openmp
