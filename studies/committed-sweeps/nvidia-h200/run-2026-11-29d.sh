#!/bin/bash
# The committed H200 sweep again, now with group_wait (written-read at 128 and 256 work-items,
# each warp's clock read in a launch of its own, groups held to 4 a CU), and both kernel
# suites, NVIDIA's and latmix's kernel caches emptied first; written-read twice more (run to
# run of the wait); the quick sweep cold and warm (issue 51). From the repository root with
# .gpu/ carried; fitted and reported here afterwards (latmix run --refit).
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d "$first" --kernel all -o $R/kernels.csv 2> $R/kernels.log
for i in 1 2; do
	$L measure -d "$first" -m written-read -o $R/written-$i.csv 2> $R/written-$i.log
done
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" --quick -o $R/quick-cold.csv 2> $R/quick-cold.log
/usr/bin/time -v $L measure -d "$first" --quick -o $R/quick-warm.csv 2> $R/quick-warm.log
cd $OUT && tar czf lease.tgz r && rm -rf r
