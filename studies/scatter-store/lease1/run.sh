#!/bin/bash
# The committed H200 sweep of 2026-11-29, second (issue 50: stores a sector a lane that a
# group's rows complete): one lease, from the repository root with .gpu/ carried (latmix
# at .gpu/commit.txt): the default sweep (every mix, stream-scatter among them) and both
# kernel suites (measure --kernel all, which writes each kernel's count beside
# kernels.csv), NVIDIA's kernel cache emptied first; then nd-transpose at five shapes the
# suite does not measure (held out: nothing was fitted to them). gpu.txt, devices.txt and
# the consoles with /usr/bin/time -v. Fitted and reported here afterwards by latmix run --refit.
set -u
. studies/speed/node-setup.sh
R=$OUT/r; mkdir -p $R
mv $OUT/gpu.txt $OUT/devices.txt $OUT/commit.txt $R/
rm -rf ~/.nv/ComputeCache ~/.cache/latmix
/usr/bin/time -v $L measure -d "$first" -o $R/measurements.csv 2> $R/measure.log
/usr/bin/time -v $L measure -d "$first" --kernel all -o $R/kernels.csv 2> $R/kernels.log
$L measure -d "$first" --kernel nd-transpose --local-size 16x4,8x16,32x8 -o $R/transpose-a.csv 2> $R/transpose-a.log
$L measure -d "$first" --kernel nd-transpose --local-size 32x4,8x32 -o $R/transpose-b.csv 2> $R/transpose-b.log
cd $OUT && tar czf lease.tgz r && rm -rf r
