#!/bin/bash
# Issue 51's node goal on four H200s of one host: the default sweep of all four at once
# (latmix measure -d gpus), then the first alone, NVIDIA's kernel cache emptied before
# each; the GPUs' identities recorded. latmix at commit.txt.
. studies/speed/node-setup.sh # what it sets up, as run then
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d gpus -o $OUT/four 2> $OUT/four.log; echo "four rc=$?"
rm -rf ~/.nv/ComputeCache
first=$(grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' $OUT/devices.txt | cut -d' ' -f1)
mkdir -p $OUT/alone
/usr/bin/time -v $L measure -d $first -o $OUT/alone/measurements.csv 2> $OUT/alone.log; echo "alone rc=$?"
grep -h "points in\|Elapsed\|latmix: time" $OUT/four.log $OUT/alone.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
