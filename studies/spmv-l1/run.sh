#!/bin/sh
# nd-spmv taken apart (studies/spmv-l1/README.md): on one NVIDIA GPU, from the repository
# root with the probe in .gpu/probe and latmix in .gpu/latmix. The probe's spmv set
# (studies/ndrange-probe/spmv.cl: the suite's spmv, x in DRAM, no gather, the gathers
# alone) at the usual levels, then each at its most groups a CU with reservations from none
# to the most that still admits them (L1 left from about 240 KiB down to 28), every point's
# residency counted after the timed launches (--separate-count yes).
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done; ldconfig
R=$OUT/spmv-l1; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > $R/gpu.txt 2>&1
git rev-parse HEAD > $R/commit.txt 2>/dev/null || cp .gpu/commit.txt $R/
P=".gpu/probe studies/ndrange-probe"
O="--platform NVIDIA --repeats 5 --set spmv --separate-count yes"
start=$(date +%s)
for k in spmv-x16m spmv-x1g spmv-own spmv-hash; do
	.gpu/latmix kernel --mix-of studies/ndrange-probe/spmv.cl:$(echo $k | sed 's/spmv-x.*/spmv_x/; s/-/_/') \
		-d NVIDIA --binary > $R/$k.txt 2>&1
	timeout 100 $P $R/$k-levels.csv $O --only $k --locals 32,64,128,256 2> $R/$k-levels.log
	echo "$k levels exit $? at $(( $(date +%s) - start )) s"
done
for k in spmv-x16m spmv-own spmv-hash spmv-x1g; do
	timeout 60 $P $R/$k-128.csv $O --only $k --locals 128 \
		--reserves 16,2048,4096,6144,8192,10240,12288,14336,16384,18304 2> $R/$k-128.log
	echo "$k 128 exit $? at $(( $(date +%s) - start )) s"
	timeout 60 $P $R/$k-256.csv $O --only $k --locals 256 \
		--reserves 16,4096,8192,12288,16384,20480,24576,28672,32768,36864 2> $R/$k-256.log
	echo "$k 256 exit $? at $(( $(date +%s) - start )) s"
done
cd $OUT && tar czf lease.tgz spmv-l1 && rm -rf spmv-l1
