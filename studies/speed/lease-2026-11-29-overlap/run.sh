#!/bin/bash
# One H200 (2026-11-29, second session): kernels built beside the measurements (10e26c9,
# .gpu/latmix) against built before them (c9fab70, .gpu/latmix-old), on the same machine:
# the default sweep cold with each, this latmix's again warm (run to run), --quick cold with
# each and warm, and measure --kernel all cold: issue 51's times.
. studies/speed/node-setup.sh
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
mkdir -p $OUT/old $OUT/a $OUT/b
empty
t quick-old .gpu/latmix-old measure -d $first --quick -o $OUT/quick-old.csv
empty
t quick-cold $L measure -d $first --quick -o $OUT/quick-cold.csv
t quick-warm $L measure -d $first --quick -o $OUT/quick-warm.csv
empty
t quick-cold2 $L measure -d $first --quick -o $OUT/quick-cold2.csv
empty
t old .gpu/latmix-old measure -d $first -o $OUT/old/measurements.csv
empty
t a $L measure -d $first -o $OUT/a/measurements.csv
t b $L measure -d $first -o $OUT/b/measurements.csv
empty
t kernels $L measure -d $first --kernel all -o $OUT/kernels.csv
grep -h "points in\|Elapsed\|latmix: time\|built ahead\|Maximum resident" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
