#!/usr/bin/env bash
# Installs what building and testing iotile needs on a fresh Debian-like
# machine: a C compiler (the preprocessor and the test programs) and the
# autotools that isl-rs uses to build isl from source.
set -euo pipefail

missing=()
for tool in gcc make autoconf automake libtoolize; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing build tools (missing: ${missing[*]})"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq gcc make autoconf automake libtool >/dev/null
fi
command -v cargo >/dev/null 2>&1 || { echo "setup: cargo (Rust) is required" >&2; exit 1; }
