#!/usr/bin/env bash
# scripts/nvcc.sh: provides a real NVIDIA nvcc on a machine without a GPU or a
# CUDA toolkit, installed on demand from PyPI wheels.
#
# Usage:   NVCC=$(scripts/nvcc.sh) && "$NVCC" -arch=sm_90 -c x.cu -o x.o
#
# What it does:
#   * Ensures the Python virtual environment target/cuda-venv (under the repo
#     root; target/ is git-ignored) holds the pinned wheels below, installing
#     them with pip only when they are missing or pinned differently.
#   * Writes target/cuda-venv/bin/nvcc, a small wrapper that execs the real
#     nvcc from the wheels with all its arguments passed through unchanged.
#     The wheels unpack to site-packages/nvidia/cu13/ in the same layout as a
#     CUDA toolkit (bin/ with nvcc, ptxas, nvlink, fatbinary, cudafe++;
#     nvvm/bin/cicc; nvvm/libdevice; include/ with crt/ and the runtime headers;
#     lib/ with libcudart_static.a and libcudadevrt.a), and the nvcc.profile
#     shipped in bin/ points nvcc at all of them relative to its own location,
#     so no CUDA_HOME, PATH or -I/-L flags are needed. The host compiler is the
#     gcc/g++ on PATH (override with NVCC_CCBIN or -ccbin as usual).
#     Compiling (-c), linking (default: static cudart), -Xptxas -v and
#     -Werror all-warnings all work; for -cudart shared a libcudart.so link is
#     added next to libcudart.so.13.
#   * Prints exactly one line on stdout: the absolute path of that wrapper.
#     Everything else goes to stderr. Exits non-zero with a message when the
#     install fails (for instance without network access to PyPI).
#
# Cost: the first run downloads about 125 MB of wheels and takes about 10 s
# with a fast link to PyPI (venv about 3 s, pip about 4 s, a test build about
# 2 s); target/cuda-venv then takes about 350 MB of disk. Later runs only check
# a stamp file and run `nvcc --version` (about 15 ms).
# Concurrent runs (e.g. parallel tests) serialise on a lock file, so only one
# of them installs. Delete target/cuda-venv to force a reinstall.
#
# Needs: python3 with the venv module, gcc and g++ (g++ is installed with
# apt-get when missing and apt-get can be used), and network access to PyPI on
# the first run. Compiled programs need an NVIDIA driver for CUDA 13 (R580 or
# newer) to run; building them needs no GPU.
set -euo pipefail

# One consistent CUDA release: all four wheels share the version number.
CUDA_VERSION=13.5.37
PACKAGES=(
  "nvidia-cuda-nvcc==$CUDA_VERSION"
  "nvidia-cuda-crt==$CUDA_VERSION"
  "nvidia-nvvm==$CUDA_VERSION"
  "nvidia-cuda-runtime==$CUDA_VERSION"
)

log() { echo "nvcc.sh: $*" >&2; }
die() {
  echo "nvcc.sh: error: $*" >&2
  exit 1
}

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd -P)
venv="$root/target/cuda-venv"
wrapper="$venv/bin/nvcc"
stamp="$venv/.iotile-nvcc-stamp"
want="${PACKAGES[*]}"

# True when the pinned set is installed and the wrapper runs.
ready() {
  [ -f "$stamp" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ] &&
    [ -x "$wrapper" ] && "$wrapper" --version >/dev/null 2>&1
}

if ready; then
  echo "$wrapper"
  exit 0
fi

mkdir -p "$root/target" || die "cannot create $root/target"

# Serialise installs: a second caller waits here, then finds everything ready.
lock="$root/target/.cuda-venv.lock"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$lock" || die "cannot open lock file $lock"
  flock 9 || die "cannot lock $lock"
else
  log "flock not found; not guarding against concurrent installs"
fi
if ready; then
  echo "$wrapper"
  exit 0
fi

# nvcc compiles host code with gcc and links with g++.
command -v gcc >/dev/null 2>&1 || die "gcc is required as nvcc's host compiler (run scripts/setup.sh)"
if ! command -v g++ >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  if command -v apt-get >/dev/null 2>&1 && { [ -z "$sudo" ] || command -v sudo >/dev/null 2>&1; }; then
    log "installing g++ (nvcc links with it)"
    export DEBIAN_FRONTEND=noninteractive
    { $sudo apt-get update -qq && $sudo apt-get install -y -qq g++; } >&2 ||
      die "could not install g++ with apt-get"
  else
    die "g++ is required to link CUDA programs; install it (e.g. apt-get install g++)"
  fi
fi

python=""
for p in python3 python; do
  if command -v "$p" >/dev/null 2>&1; then
    python=$p
    break
  fi
done
[ -n "$python" ] || die "python3 is required to install nvcc from PyPI"

rm -f "$stamp"
if [ -e "$venv" ] && ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
  log "removing broken virtual environment $venv"
  rm -rf "$venv"
fi
if [ ! -e "$venv" ]; then
  log "creating virtual environment $venv"
  "$python" -m venv "$venv" >&2 ||
    die "could not create a virtual environment with '$python -m venv' (on Debian: apt-get install python3-venv)"
fi

log "installing CUDA $CUDA_VERSION compiler wheels from PyPI into $venv (about 125 MB; first run only)"
start=$(date +%s)
"$venv/bin/python" -m pip install --disable-pip-version-check --no-input \
  --progress-bar off --retries 2 --timeout 60 "${PACKAGES[@]}" >&2 ||
  die "pip could not install ${PACKAGES[*]} (is PyPI reachable?)"
log "pip finished in $(($(date +%s) - start)) s"

purelib=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])') ||
  die "cannot query the virtual environment's site-packages"
cuda="$purelib/nvidia/cu13"
for f in bin/nvcc bin/nvcc.profile bin/ptxas bin/nvlink bin/fatbinary bin/cudafe++ \
  nvvm/bin/cicc nvvm/libdevice/libdevice.10.bc include/cuda_runtime.h \
  include/crt/host_config.h lib/libcudart_static.a lib/libcudadevrt.a lib/libcudart.so.13; do
  [ -e "$cuda/$f" ] || die "the installed wheels lack $cuda/$f"
done
# Lets `-cudart shared` link; the wheel only ships the versioned name.
ln -sfn libcudart.so.13 "$cuda/lib/libcudart.so"

# The wrapper finds the toolkit relative to itself, so it keeps working if
# the checkout (and target/ with it) moves.
rel=$("$venv/bin/python" -c 'import os, sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' \
  "$cuda" "$venv/bin") || die "cannot compute the toolkit's path"
tmp="$wrapper.tmp.$$"
cat >"$tmp" <<EOF
#!/bin/sh
# Written by scripts/nvcc.sh: runs nvcc $CUDA_VERSION from the PyPI wheels in
# this virtual environment. nvcc.profile next to the real nvcc locates cicc,
# ptxas, the crt and runtime headers and libcudart; arguments pass unchanged.
self=\$(readlink -f -- "\$0") || exit 1
exec "\${self%/*}/$rel/bin/nvcc" "\$@"
EOF
chmod +x "$tmp" && mv -f "$tmp" "$wrapper" || die "cannot write $wrapper"

# Smoke test: compile and link a kernel so a broken host toolchain shows up now.
check=$(mktemp -d) || die "mktemp failed"
trap 'rm -rf "$check"' EXIT
cat >"$check/check.cu" <<'EOF'
#include <cuda_runtime.h>
__global__ void scale(float *a, int n) {
  __shared__ float s[32];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x % 32] = i < n ? a[i] : 0.0f;
  __syncthreads();
  if (i < n) a[i] = 2.0f * s[threadIdx.x % 32];
}
int main() {
  float *d = 0;
  if (cudaMalloc(&d, 32 * sizeof(float)) != cudaSuccess) return 0;
  scale<<<1, 32>>>(d, 32);
  cudaFree(d);
  return 0;
}
EOF
"$wrapper" -arch=sm_90 "$check/check.cu" -o "$check/check" >&2 ||
  die "the installed nvcc could not build a test program (see the messages above)"

echo "$want" >"$stamp"
log "nvcc $CUDA_VERSION ready"
echo "$wrapper"
