#!/usr/bin/env bash
# Runs every test of iotile: unit tests, the round-trip execution tests over
# testsuite/run, the error corpus, the code snapshots, driver mode, and the
# PolyBench suite checked exactly at MINI size with --target=c and
# --target=openmp, and at SMALL with tiny and odd tiles and maximal fusion
# through driver mode, CUDA on the CPU emulation at MINI and SMALL, and the
# image pipelines.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo build --locked
cargo test --locked
python3 scripts/polybench.py --iotile target/debug/iotile --check-sizes MINI --no-time --out target/polybench-ci
python3 scripts/polybench.py --iotile target/debug/iotile --target=openmp --compare=--reschedule=always --compare=--reschedule=never --compare='--reschedule=always --no-tile' --check-sizes MINI --no-time --out target/polybench-ci-openmp
# Exact dumps (%a) at a size above the default tile size, with tiny and odd
# tiles, so that every kernel crosses tile boundaries; built through driver
# mode (iotile --cc=gcc -fopenmp), as a Makefile would. The tiled variants
# take the new schedule wherever the cost model would keep the original
# order, so that every kernel's tiles are checked; the I/O model's sizes
# and tile-loop orders on caches small enough that its tiles cross
# SMALL's boundaries too.
python3 scripts/polybench.py --iotile target/debug/iotile --driver --target=openmp --compare='--reschedule=always --tile-sizes=4' --compare='--reschedule=always --tile-sizes=3,5,7' --compare='--reschedule=always --fusion=max' --compare='--reschedule=always --tile-sizes=auto --cache-sizes=4K,32K' --check-sizes SMALL --no-time --out target/polybench-ci-tiles
# CUDA: every kernel translated with --target=cuda and run on the CPU
# emulation of runtime/, dumps compared exactly at MINI and SMALL.
python3 scripts/polybench.py --iotile target/debug/iotile --target=cuda --cflags "-O1 -DIOTILE_EMULATE_CUDA -I$PWD/runtime" --check-sizes MINI,SMALL --no-time --out target/polybench-ci-cuda
# The image pipelines, checked exactly at two sizes as the cost model
# chooses and with the new schedule.
python3 scripts/pipelines.py --iotile target/debug/iotile --compare=--reschedule=always --no-time --out target/pipelines-ci
