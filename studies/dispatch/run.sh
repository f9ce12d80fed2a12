#!/bin/sh
# The dispatch study's lease (README.md): from the repository root of the
# lease's copy, with latmix (built on branch disp) and stamps in .gpu/disp/;
# everything it writes goes to $OUT.
D=.gpu/disp
{ nvidia-smi --query-gpu=name,serial,clocks.sm,clocks.max.sm,driver_version --format=csv; date -u;
  $D/latmix devices; } > $OUT/gpu.txt 2>&1
$D/stamps NVIDIA > $OUT/stamps.csv 2> $OUT/stamps.err
for i in 1 2; do
	/usr/bin/time -f "latmix measure --mix dispatch (run $i): %e s" \
		$D/latmix measure -d NVIDIA --mix dispatch -o $OUT/dispatch-$i.csv 2>> $OUT/dispatch.err
done
$D/latmix measure -d NVIDIA --mix dispatch --launch-ms 20 -o $OUT/dispatch-20ms.csv 2>> $OUT/dispatch.err
/usr/bin/time -f "latmix measure --quick --mix dispatch: %e s" \
	$D/latmix measure -d NVIDIA --quick --mix dispatch -o /tmp/quick.csv 2>> $OUT/dispatch.err
for i in 1 2 20ms; do $D/latmix fit $OUT/dispatch-$i.csv --mix dispatch -o /tmp/p.ini >> $OUT/dispatch.err; done
$D/stamps NVIDIA > $OUT/stamps-after.csv 2>> $OUT/stamps.err
