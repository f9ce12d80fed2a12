#!/bin/bash
# The committed H200 sweep of 2026-11-29 (issue 50: the cache's hit): one lease, from the
# repository root with .gpu/ carried (latmix at .gpu/commit.txt): the default sweep (every
# mix, gmem-cache and stream-cache among them) and both kernel suites (measure --kernel
# all, which writes each kernel's count, mix-of/NAME.ini and .txt, beside kernels.csv),
# NVIDIA's kernel cache emptied first; gpu.txt, devices.txt and the consoles with
# /usr/bin/time -v. Fitted and reported here afterwards by latmix run --refit.
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d "$first" --kernel all -o $R/kernels.csv 2> $R/kernels.log
cd $OUT && tar czf lease.tgz r && rm -rf r
