#!/usr/bin/env bash
# Installs everything crashbench needs on a fresh Debian 12 machine (run as root, or with sudo).
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config
  clang libclang-rt-14-dev llvm python3
  libeigen3-dev nlohmann-json3-dev libcli11-dev libfmt-dev zlib1g-dev
  libopenscenegraph-dev openscenegraph
  libgtest-dev libgmock-dev libbenchmark-dev
  libembree-dev libbox2d-dev libfcl-dev libhdf5-dev slurm-wlm munge
  libexpat1-dev
  python3-plotly python3-h5py chromium fonts-dejavu-core libxml2-utils
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-deps: all packages present"
  exit 0
fi
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
$sudo_cmd apt-get update
DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y --no-install-recommends "${missing[@]}"
