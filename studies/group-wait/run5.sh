#!/bin/bash
# The fifth lease: the held-out loops (../ndrange-probe/loops.cl: a loop or a window inside,
# as people write them) at 256, 512 and 1024 work-items by the independent probe
# (--group-limit device), their PTX, and a default sweep to predict them from
# (../written-predict/heldout.py with PARAMS and SIZES). From the repository root of a lent
# H200, .gpu/ carried (latmix, probe, debs).
set -u
. studies/speed/node-setup.sh
timeout 150 $L measure -d $first -o $OUT/sweep.csv > $OUT/sweep.log 2>&1
echo "sweep $?"
timeout 300 .gpu/probe studies/ndrange-probe $OUT/loops.csv --platform NVIDIA --repeats 5 \
	--locals 256,512,1024 --set loops --separate-count yes --group-limit device 2> $OUT/loops.log
echo "loops $?"
for k in colsum gemvt stencil5 rowsum colsum_rolled colsum64; do
	$L kernel --mix-of studies/ndrange-probe/loops.cl:$k -d $first --binary > $OUT/$k.txt 2>&1
done
grep -h "skipped\|fail" $OUT/loops.log | head
gzip $OUT/*.log $OUT/sweep.csv
cd $OUT && tar czf ../lease.tgz . && rm -rf $OUT/* && mv ../lease.tgz $OUT/
