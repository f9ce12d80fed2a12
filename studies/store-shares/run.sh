#!/bin/bash
# One lease, one GPU: the default sweep (a parameter file of this GPU's own,
# fitted here after), then seven kernels latmix never ran, each predicted
# from that file blind (studies/model-study/suite.py): add3 and add4 (a store
# every three and four loads, between the sweep's measured shares 0 and
# 0.5), copy2 (two loads, two stores), scale2 (two stores a load, past the
# highest measured share, 1), fill2 (stores alone, two a pass), sum3
# (three loads, read only) and axpby (in place: its store writes the lines
# a load reads), beside the suite's add, copy, fill, sum and triad. Each
# description was written by `latmix kernel --describe` (clang's NVPTX
# build), its size set to the suite's and sum3's total to one element; the
# descriptions NVIDIA's driver gives are kept beside the rows.
set -u
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
D=studies/store-shares
NEW="add3 add4 copy2 scale2 fill2 sum3 axpby"
R=$OUT/r; mkdir -p $R/mix-of $R/described
nvidia-smi --query-gpu=name,serial,uuid,clocks.max.sm,clocks.mem,memory.total,driver_version,ecc.mode.current --format=csv > $R/gpu.txt
git log -1 --format=%H > $R/commit.txt 2>/dev/null
$L devices > $R/devices.txt 2>&1
for k in $NEW; do $L kernel -d NVIDIA --describe $D/$k.cl:$k > $R/described/$k.ini 2>> $R/describe.log; done
rm -rf ~/.nv/ComputeCache
/usr/bin/time -v $L measure -d NVIDIA -o $R/measurements.csv 2> $R/measure.log
K=add,copy,fill,sum,triad
for k in $NEW; do K=$K,$D/$k.cl; done
/usr/bin/time -v $L measure -d NVIDIA --kernel $K -o $R/kernels.csv 2> $R/kernels.log
for k in add copy fill sum triad; do $L kernel -d NVIDIA --mix-of $k --binary > $R/mix-of/$k.txt 2>&1; done
for k in $NEW; do $L kernel -d NVIDIA --mix-of $D/$k.cl:$k --binary > $R/mix-of/$k.txt 2>&1; done
cd $OUT && tar czf run.tgz r && rm -rf r
