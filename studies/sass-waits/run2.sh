#!/bin/sh
# One H200 lease: gemvt and colsum timed by the independent probe (held-out build, its PTX
# saved: PROBE_BINARY_DIR) and by latmix (loops2.cl, A in DRAM), one after the other on the
# same GPU, to tell whether the probe's faster gemvt (studies/written-predict/loops-h200) is
# the machine or the build.
set -u
. studies/speed/node-setup.sh
mkdir -p $OUT/probe $OUT/latmix
for k in gemvt colsum; do
	PROBE_BINARY_DIR=$OUT/probe timeout 200 .gpu/probe studies/ndrange-probe $OUT/probe/$k.csv --platform NVIDIA \
		--repeats 5 --locals 32,64,128,256 --set loops --only $k --separate-count yes 2> $OUT/probe/$k.log
	echo "probe $k exit $?"
done
K=studies/sass-waits/loops2.cl
$L measure -d $first --kernel $K:gemvt,$K:colsum -o $OUT/latmix/kernels.csv 2> $OUT/latmix/kernels.log
echo "latmix exit $?"; tail -1 $OUT/latmix/kernels.log
ls $OUT/probe
