#!/bin/bash
# One H200 (2026-11-29), the default sweep with stream-scatter against the one before it, on
# the same machine: latmix 62b41ae (.gpu/latmix-old, no stream-scatter) once, then this
# latmix (commit.txt) twice back to back from caches emptied (the second finds latmix's kernel
# cache warm), --quick cold and warm, and measure --kernel all warm: issue 51's times and
# run-to-run with issue 50's new mix.
. studies/speed/node-setup.sh
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
mkdir -p $OUT/old $OUT/a $OUT/b
empty
t old .gpu/latmix-old measure -d $first -o $OUT/old/measurements.csv
empty
t a $L measure -d $first -o $OUT/a/measurements.csv
t b $L measure -d $first -o $OUT/b/measurements.csv
empty
t quick-cold $L measure -d $first --quick -o $OUT/quick-cold.csv
t quick-warm $L measure -d $first --quick -o $OUT/quick-warm.csv
t kernels $L measure -d $first --kernel all -o $OUT/kernels.csv
grep -h "points in\|Elapsed\|latmix: time\|Maximum resident" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
