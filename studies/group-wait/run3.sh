#!/bin/bash
# The third lease: BabelStream's kernels as written, held out, at 256, 512 and 1024 work-items
# by the independent probe (--group-limit device), the suite's streams and dot by latmix and
# by the probe, and a default sweep of the same lease to predict them from. From the
# repository root of a lent H200, .gpu/ carried (latmix of this commit, probe, debs).
set -u
. studies/speed/node-setup.sh
timeout 150 $L measure -d $first -o $OUT/sweep.csv > $OUT/sweep.log 2>&1
echo "sweep $?"
timeout 200 $L measure -d $first --kernel nd-copy,nd-add,nd-triad,nd-nstream,nd-dot \
	--local-size 256,512,1024 -o $OUT/k.csv > $OUT/k.log 2>&1
echo "kernels $?"
timeout 150 .gpu/probe studies/ndrange-probe $OUT/babelstream.csv --platform NVIDIA --repeats 5 \
	--locals 256,512,1024 --set babelstream --separate-count yes --group-limit device 2> $OUT/babelstream.log
echo "babelstream $?"
for k in nd-copy nd-triad; do
	timeout 100 .gpu/probe cl/kernels $OUT/probe-$k.csv --platform NVIDIA --repeats 5 --locals 256,512,1024 \
		--only $k --separate-count yes --group-limit device 2> $OUT/probe-$k.log
	echo "probe $k $?"
done
for k in copy mul add triad nstream; do
	$L kernel --mix-of studies/ndrange-probe/babelstream.cl:$k -d $first --binary > $OUT/bs-$k.txt 2>&1
done
grep -h "skipped\|failed" $OUT/*.log | head
cd $OUT && tar czf lease.tgz * && find . -mindepth 1 ! -name lease.tgz -delete
