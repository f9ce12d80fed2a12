#!/bin/bash
# One H200 (2026-11-30): issue 51's evidence in one lease, before and after on the same
# machine. Before: latmix 4fb1a404 (.gpu/latmix-before, the commit of 2026-11-26 when the
# issue was filed: 108 s default sweep there). After: latmix at commit.txt. Every run from
# NVIDIA's kernel cache and latmix's emptied (a user's first run) but quick-warm. From the
# repository root with .gpu/ carried; consoles with /usr/bin/time -v in *.log.
set -u
. studies/speed/node-setup.sh
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
B=.gpu/latmix-before
empty; t default-before $B measure -d "$first" -o $OUT/default-before.csv
empty; t default-after-a $L measure -d "$first" -o $OUT/default-after-a.csv
empty; t default-after-b $L measure -d "$first" -o $OUT/default-after-b.csv
empty; t kernels-before $B measure -d "$first" --kernel all -o $OUT/kernels-before.csv
empty; t kernels-after $L measure -d "$first" --kernel all -o $OUT/kernels-after.csv
empty; t quick-before $B measure -d "$first" --quick -o $OUT/quick-before.csv
empty; t quick-after $L measure -d "$first" --quick -o $OUT/quick-after.csv
t quick-after-warm $L measure -d "$first" --quick -o $OUT/quick-after-warm.csv
grep -H "points in\|Elapsed\|latmix: time\|Maximum resident" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
