#!/bin/bash
# Issue 51 on a host of four H200s, latmix at commit.txt (the written mixes in the default
# sweep): the first GPU's default sweep twice (a/, b/: run to run), then all four at once
# (latmix measure -d gpus, four/), NVIDIA's and latmix's kernel caches emptied before each;
# on the first alone --quick with the caches empty and again warm, and --kernel all (both
# suites). Fitted here afterwards (latmix run --refit). From the repository root, .gpu/ carried.
. studies/speed/node-setup.sh
cold() { rm -rf ~/.nv/ComputeCache ~/.cache/latmix; }
for r in a b; do
	cold; mkdir -p $OUT/$r
	/usr/bin/time -v $L measure -d $first -o $OUT/$r/measurements.csv 2> $OUT/$r.log; echo "$r rc=$?"
done
cold
/usr/bin/time -v $L measure -d gpus -o $OUT/four 2> $OUT/four.log; echo "four rc=$?"
cold
/usr/bin/time -v $L measure -d $first --quick -o $OUT/quick-cold.csv 2> $OUT/quick-cold.log; echo "quick rc=$?"
/usr/bin/time -v $L measure -d $first --quick -o $OUT/quick-warm.csv 2> $OUT/quick-warm.log; echo "quick rc=$?"
/usr/bin/time -v $L measure -d $first --kernel all -o $OUT/kernels.csv 2> $OUT/kernels.log; echo "kernels rc=$?"
grep -h "points in\|Elapsed\|latmix: time\|built ahead" $OUT/*.log
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
