#!/bin/bash
# One H200 (2026-11-30, third): issue 51's times with groups of 512 measured on NVIDIA
# (since ac4b2f16; the lease of the morning, ../lease-2026-11-30/, ran before it) and
# written-read at 512 and 1024 (541f5d8f): the default sweep, both suites and --quick, each
# from NVIDIA's kernel cache and latmix's emptied, --quick and the suites also warm. From
# the repository root with .gpu/ carried (latmix at commit.txt).
set -u
. studies/speed/node-setup.sh
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
empty; t default $L measure -d "$first" -o $OUT/default.csv
empty; t kernels $L measure -d "$first" --kernel all -o $OUT/kernels.csv
t kernels-warm $L measure -d "$first" --kernel all -o $OUT/kernels-warm.csv
empty; t quick $L measure -d "$first" --quick -o $OUT/quick.csv
t quick-warm $L measure -d "$first" --quick -o $OUT/quick-warm.csv
grep -H "points in\|Elapsed\|latmix: time\|Maximum resident" $OUT/*.log
gzip $OUT/*.log $OUT/*.csv
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
