#!/bin/bash
# Issue 51 on one H200 (2026-11-28, eighth lease): a mix's program holds its kernel alone; --quick
# and the default sweep before (.gpu/latmix-before, commit-before.txt) and after (.gpu/latmix, commit.txt); NVIDIA's kernel
# cache emptied before each run (a user's first), but for the runs named *-warm (a second run).
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit*.txt $OUT/
t() { local name=$1 bin=$2; shift 2; case $name in *-warm) ;; *) rm -rf ~/.nv/ComputeCache ;; esac
      /usr/bin/time -v $bin "$@" -o $OUT/$name.csv > $OUT/$name.out 2> $OUT/$name.err; echo "$name rc=$?"
      du -s ~/.nv/ComputeCache 2>/dev/null | sed "s/^/$name cache KiB: /"; }
for run in ${RUNS:-quick-before quick-after1 quick-after2 default-before default-after1}; do
  case $run in
    default-before) t $run .gpu/latmix-before measure -d NVIDIA ;;
    default-after*) t $run .gpu/latmix measure -d NVIDIA ;;
    kernels-before) t $run .gpu/latmix-before measure -d NVIDIA --kernel all ;;
    kernels-after*) t $run .gpu/latmix measure -d NVIDIA --kernel all ;;
    quick-before) t $run .gpu/latmix-before measure -d NVIDIA --quick ;;
    quick-after*) t $run .gpu/latmix measure -d NVIDIA --quick ;;
  esac
done
grep -H "latmix: time\|points in\|built ahead\|Maximum resident\|Elapsed" $OUT/*.err
# one file back (the lease returns a few files at most)
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
