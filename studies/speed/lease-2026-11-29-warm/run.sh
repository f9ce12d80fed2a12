#!/bin/bash
# One H200 (2026-11-29): both kernel suites (measure --kernel all) with latmix 29ce3da
# (.gpu/latmix-old), whose processes counting ahead only count, and with this latmix
# (commit.txt), whose counting processes also build each kernel as the sweep will, each
# with NVIDIA's and latmix's caches emptied first; then this latmix again, warm.
. studies/speed/node-setup.sh
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
empty
t old .gpu/latmix-old measure -d $first --kernel all -o $OUT/old.csv
empty
t new $L measure -d $first --kernel all -o $OUT/new.csv
t warm $L measure -d $first --kernel all -o $OUT/warm.csv
grep -h "points in\|Elapsed\|latmix: time\|counted ahead" $OUT/*.log; rm -rf $OUT/mix-of
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
