#!/bin/sh
# One H200 lease: the machine code NVIDIA's driver itself built (its JIT cache,
# ~/.nv/ComputeCache) for gemvt as the probe times it and as latmix times it, each from an
# empty cache, with each one's rate at 32 work-items.
set -u
. studies/speed/node-setup.sh
C=${HOME:-/root}/.nv/ComputeCache
mkdir -p $OUT/probe $OUT/latmix
rm -rf $C
timeout 100 .gpu/probe studies/ndrange-probe $OUT/probe/gemvt.csv --platform NVIDIA --repeats 3 --locals 32 \
	--set loops --only gemvt --separate-count yes 2> $OUT/probe/gemvt.log; echo "probe exit $?"
tar czf $OUT/probe/cache.tgz -C $C . 2>/dev/null; rm -rf $C
$L measure -d $first --kernel studies/sass-waits/loops2.cl:gemvt --local-size 32 --build-jobs 1 \
	-o $OUT/latmix/kernels.csv 2> $OUT/latmix/kernels.log; echo "latmix exit $?"
tar czf $OUT/latmix/cache.tgz -C $C . 2>/dev/null
ls -la $OUT/probe $OUT/latmix
