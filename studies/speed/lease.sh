#!/bin/bash
# The speed leases' one script (issues 51 and 52), run from the repository root on a lent
# GPU machine by each lease's run.sh, which says what it compares and sets RUNS: before
# (.gpu/latmix-before, commit-before.txt) against after (.gpu/latmix, commit.txt), each run
# timed and its CSV, log and peak RSS kept. NVIDIA's kernel cache is emptied before each run
# (a user's first) but those named *-warm (a second run); its size is said after each.
# Runs: default-before, default-after*, kernels-before, kernels-after* (--kernel all),
# quick-before, quick-after* (--quick). Leases b to d ran it before the *-warm case and the
# cache's size were added, saying the summary with grep -h.
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version --format=csv > $OUT/gpu.txt
cp .gpu/commit*.txt $OUT/
t() { local name=$1 bin=$2; shift 2; case $name in *-warm) ;; *) rm -rf ~/.nv/ComputeCache ;; esac
      /usr/bin/time -v $bin "$@" -o $OUT/$name.csv > $OUT/$name.out 2> $OUT/$name.err; echo "$name rc=$?"
      du -s ~/.nv/ComputeCache 2>/dev/null | sed "s/^/$name cache KiB: /"; }
for run in ${RUNS:?which runs: RUNS}; do
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
