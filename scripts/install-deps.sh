#!/bin/sh
# Installs what latmix needs to build, test and run, on Debian or Ubuntu.
# Quiet and quick when everything is already there; elsewhere it says what to get.
set -eu

pkgs="gcc make meson ninja-build pkg-config ocl-icd-opencl-dev opencl-c-headers
      libgsl-dev check libsubunit-dev libinih-dev pocl-opencl-icd clinfo gnuplot-nox
      mesa-opencl-icd oclgrind"

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
	echo "install-deps: not a Debian/Ubuntu system; install by hand: a C compiler, meson,"
	echo "  ninja, pkg-config, an OpenCL ICD loader and headers, GSL, check, inih, and an"
	echo "  OpenCL driver (PoCL for CPUs), then run make again."
	exit 0
fi

# The offline compilers for `latmix kernel --isa` and its tests (AMD: clang,
# 15 or newer for gfx11; NVIDIA offline: clang with libclc; Intel: ocloc and
# iga64), where the archive has them:
# without them those tests skip. make fuzz takes clang-15, whose libFuzzer
# and sanitizer runtimes come with it (libclang-common-15-dev), else
# clang-14, whose come apart (libclang-rt-14-dev, only recommended).
optional="clang clang-15 libclc-15 libclang-rt-14-dev intel-opencl-icd libigc-tools"
if command -v apt-cache >/dev/null 2>&1; then
	for p in $optional; do
		if apt-cache show "$p" >/dev/null 2>&1; then
			pkgs="$pkgs $p"
		fi
	done
fi

missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0

echo "install-deps: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
	sudo=""
elif command -v sudo >/dev/null 2>&1; then
	sudo="sudo"
else
	echo "install-deps: need root or sudo to install:$missing" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
