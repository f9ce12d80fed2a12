#!/bin/bash
# Issue 52's kept chase buffer on one H200 (2026-11-28, fourth lease): the default sweep before
# (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt), NVIDIA's kernel
# cache emptied before each (a user's first run).
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
