#!/bin/bash
# Issue 51 and 52, before and after on one H200 (2026-11-28, third lease): the chase's
# bijection on the least bits (cl/perm.h) against the one on an even number (ef587cb):
# the default sweep, --quick and --kernel all, each with NVIDIA's kernel cache emptied first
# (a user's first run). before: .gpu/latmix-before (commit-before.txt), after: .gpu/latmix (commit.txt).
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit*.txt $OUT/
t() { local name=$1 bin=$2; shift 2; rm -rf ~/.nv/ComputeCache
      /usr/bin/time -v $bin "$@" -o $OUT/$name.csv > $OUT/$name.out 2> $OUT/$name.err; echo "$name rc=$?"; }
for run in ${RUNS:-default-before default-after1 default-after2}; do
  case $run in
    default-before) t $run .gpu/latmix-before measure -d NVIDIA ;;
    default-after*) t $run .gpu/latmix measure -d NVIDIA ;;
    kernels-before) t $run .gpu/latmix-before measure -d NVIDIA --kernel all ;;
    kernels-after*) t $run .gpu/latmix measure -d NVIDIA --kernel all ;;
    quick-before) t $run .gpu/latmix-before measure -d NVIDIA --quick ;;
    quick-after*) t $run .gpu/latmix measure -d NVIDIA --quick ;;
  esac
done
grep -h "latmix: time\|points in\|Maximum resident" $OUT/*.err
# one file back (the lease returns a few files at most)
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
