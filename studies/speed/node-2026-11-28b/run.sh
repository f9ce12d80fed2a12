#!/bin/bash
# Issue 51's node goal again, with the kernels built once for every GPU of one kind: the
# default sweep of all four H200s at once (latmix measure -d gpus) and of the first alone,
# NVIDIA's compute cache emptied before each; then on the first alone, --quick with the
# cache empty and warm, and --kernel all (both suites). The GPUs' identities recorded.
# latmix at commit.txt.
. studies/speed/node-setup.sh # what it sets up, as run then
rm -rf ~/.nv/ComputeCache
mkdir -p $OUT/alone
/usr/bin/time -v $L measure -d $first -o $OUT/alone/measurements.csv 2> $OUT/alone.log; echo "alone rc=$?"
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d gpus -o $OUT/four 2> $OUT/four.log; echo "four rc=$?"
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d $first --quick -o $OUT/quick-cold.csv 2> $OUT/quick-cold.log; echo "quick rc=$?"
/usr/bin/time -v $L measure -d $first --quick -o $OUT/quick-warm.csv 2> $OUT/quick-warm.log; echo "quick rc=$?"
/usr/bin/time -v $L measure -d $first --kernel all -o $OUT/kernels.csv 2> $OUT/kernels.log; echo "kernels rc=$?"
grep -h "points in\|Elapsed\|latmix: time\|built ahead\|Maximum resident" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
