#!/bin/sh
# The held-out lease of loops (issue 50): four kernels with a loop or a
# window inside as people write them (loops.cl: colsum, gemvt, stencil5,
# rowsum), measured by the probe at 32-256 work-items and every
# reservation, residency counted in a launch of its own (--separate-count
# yes); then NVIDIA's driver's PTX of each, for latmix predict. From the
# repository root of the lease machine, the probe and latmix in .gpu/.
# Results under $OUT/loops.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/loops; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
cp .gpu/commit.txt $R/
start=$(date +%s)
timeout 300 .gpu/probe studies/ndrange-probe $R/loops.csv --platform NVIDIA --repeats 5 \
	--locals 32,64,128,256 --set loops --separate-count yes 2> $R/loops.log
echo "loops exit $? in $(( $(date +%s) - start )) s"
for k in colsum gemvt stencil5 rowsum colsum_rolled colsum64; do
	.gpu/latmix kernel --mix-of studies/ndrange-probe/loops.cl:$k -d NVIDIA --binary > $R/$k.txt 2>&1
done
cd $OUT && tar czf loops.tgz loops && rm -rf loops
