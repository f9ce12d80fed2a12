#!/bin/bash
# Lease 3: the committed H200 sweep again, now with the written mixes (written-read,
# written-copy: plain reads and a copy as written, in the default sweep), and both kernel
# suites, NVIDIA's and latmix's kernel caches emptied first; the written mixes twice more
# (run to run) and readpeak's nd8, gs8 and dyn32 at 64 warps beside them (the harness that
# found the gap). From the repository root with .gpu/ carried; fitted and reported here
# afterwards (latmix run --refit).
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d "$first" --kernel all -o $R/kernels.csv 2> $R/kernels.log
for i in 1 2; do
	$L measure -d "$first" -m written-read,written-copy,stream -a 0 --warps 64 -o $R/written-$i.csv 2> $R/written-$i.log
done
(cd studies/read-peak && timeout 120 ../../.gpu/readpeak $R/readpeak.csv --platform NVIDIA --repeats 7 --groups 8 \
	--only nd8,gs8,dyn32 2> $R/readpeak.log)
cd $OUT && tar czf lease.tgz r && rm -rf r
