#!/bin/bash
# A group's wait for its last warp at 16 and 32 warps a group (issue 50; 2026-11-30):
# written-read at 128-1024 work-items with each warp's clock, the wait read at 4 groups a CU
# (2 where a CU holds no more) and, with a build whose LM_GROUP_WAIT_LEVEL is 64, at as many
# as a CU holds; the suite's streams and dot at 256, 512 and 1024 by latmix; BabelStream's
# kernels as written at the same sizes by the independent probe; a default sweep to fit.
# From the repository root of a lent H200, .gpu/ carried (latmix, latmix-top, probe, debs).
set -u
. studies/speed/node-setup.sh
T=.gpu/latmix-top
/usr/bin/time -v timeout 150 $L measure -d $first -o $OUT/sweep.csv > $OUT/sweep.log 2>&1
echo "sweep $?"
timeout 60 $L measure -d $first -m written-read -o $OUT/wr2.csv > $OUT/wr2.log 2>&1
echo "wr2 $?"
timeout 60 $T measure -d $first -m written-read -o $OUT/wr-top.csv > $OUT/wr-top.log 2>&1
echo "wr-top $?"
timeout 240 $L measure -d $first --kernel nd-copy,nd-mul,nd-add,nd-triad,nd-nstream,nd-dot \
	--local-size 256,512,1024 -o $OUT/k.csv > $OUT/k.log 2>&1
echo "kernels $?"
timeout 150 .gpu/probe studies/ndrange-probe $OUT/babelstream.csv --platform NVIDIA --repeats 5 \
	--locals 256,512,1024 --set babelstream --separate-count yes 2> $OUT/babelstream.log
echo "babelstream $?"
for k in copy mul add triad nstream; do
	$L kernel --mix-of studies/ndrange-probe/babelstream.cl:$k -d $first --binary > $OUT/bs-$k.txt 2>&1
done
gzip $OUT/*.log
