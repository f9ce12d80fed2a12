#!/bin/sh
# The held-out lease (issue 50): BabelStream's five kernels as BabelStream
# writes them (babelstream.cl), measured by the probe at 32-256 work-items
# and every reservation, counting residency in a separate launch
# (--separate-count yes), and the suite's nd-copy and nd-triad the same way
# (the probe's figures beside latmix's); then NVIDIA's driver's PTX of the
# five, for latmix predict. From the repository root of the lease machine,
# the probe and latmix in .gpu/. Results under $OUT/heldout.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/heldout; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
timeout 250 .gpu/probe studies/ndrange-probe $R/babelstream.csv --platform NVIDIA --repeats 5 \
	--locals 32,64,128,256 --set babelstream --separate-count yes 2> $R/babelstream.log
echo "babelstream exit $?"
for k in nd-copy nd-triad; do
	timeout 120 .gpu/probe cl/kernels $R/$k.csv --platform NVIDIA --repeats 5 --locals 32,64,128,256 \
		--only $k --separate-count yes 2> $R/$k.log
	echo "$k exit $?"
done
for k in copy mul add triad nstream; do
	.gpu/latmix kernel --mix-of studies/ndrange-probe/babelstream.cl:$k -d NVIDIA --binary > $R/$k.txt 2>&1
done
cd $OUT && tar czf heldout.tgz heldout && rm -rf heldout
