#!/bin/bash
# From the repository root of a lease machine, latmix in .gpu/: NVIDIA's
# driver's PTX of each kernel of strides.cl, and latmix's count of it.
D=studies/stride-mul
R=$OUT/stride-mul; mkdir -p $R
nvidia-smi --query-gpu=name,serial,driver_version --format=csv > $R/gpu.txt
for k in s2_size s2_int s2_uint s2_shift s4_int s3_int w2_int; do
	.gpu/latmix kernel --mix-of $D/strides.cl:$k -d NVIDIA --binary > $R/$k.ptx 2> $R/$k.err
	.gpu/latmix kernel --mix-of $D/strides.cl:$k -d NVIDIA > $R/$k.count 2>> $R/$k.err
done
