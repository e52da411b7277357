#!/usr/bin/env bash
# Runs every test of iotile: unit tests, the round-trip execution tests over
# testsuite/run, the error corpus, the code snapshots, driver mode, and the
# PolyBench suite checked exactly at MINI size with --target=c and
# --target=openmp, and at SMALL with tiny and odd tiles and maximal fusion
# through driver mode.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --locked
cargo test --locked
python3 scripts/polybench.py --iotile target/debug/iotile --check-sizes MINI --no-time --out target/polybench-ci
python3 scripts/polybench.py --iotile target/debug/iotile --target=openmp --compare=--no-tile --check-sizes MINI --no-time --out target/polybench-ci-openmp
# Exact dumps (%a) at a size above the default tile size, with tiny and odd
# tiles, so that every kernel crosses tile boundaries; built through driver
# mode (iotile --cc=gcc -fopenmp), as a Makefile would.
python3 scripts/polybench.py --iotile target/debug/iotile --driver --target=openmp --compare=--tile-sizes=4 --compare=--tile-sizes=3,5,7 --compare=--fusion=max --check-sizes SMALL --no-time --out target/polybench-ci-tiles
