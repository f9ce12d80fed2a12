#!/bin/bash
# latmix's kernel cache (~/.cache/latmix) on four H200s of one host: every cache emptied
# (latmix's and NVIDIA's compute cache), then the first GPU's default sweep alone, the four
# at once (their kernels built once, through the cache's lock), the first alone again (its
# kernels built before), and --quick on the first with the caches emptied and then warm.
# latmix at commit.txt.
. studies/speed/node-setup.sh # what it sets up, as run then
empty() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
t() { name=$1; shift; /usr/bin/time -v "$@" 2> $OUT/$name.log; echo "$name rc=$?"; }
empty
mkdir -p $OUT/alone $OUT/again
t alone $L measure -d $first -o $OUT/alone/measurements.csv
empty
t four $L measure -d gpus -o $OUT/four
t again $L measure -d $first -o $OUT/again/measurements.csv
empty
t quick-cold $L measure -d $first --quick -o $OUT/quick-cold.csv
t quick-warm $L measure -d $first --quick -o $OUT/quick-warm.csv
du -sh ~/.cache/latmix/* > $OUT/cache-size.txt 2>&1
grep -h "points in\|Elapsed\|latmix: time\|built ahead\|built before\|Maximum resident\|devices in" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
