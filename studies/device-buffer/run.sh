#!/bin/bash
# issue 10 on the H200: quick and default sweeps, wall time and peak RSS
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,memory.total --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
run() { # name, args...
	local name=$1; shift
	local t0=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -v $L "$@" > $OUT/$name.out 2> $OUT/$name.err
	else
		$L "$@" > $OUT/$name.out 2> $OUT/$name.err & pid=$!; hwm=0
		while kill -0 $pid 2>/dev/null; do h=$(awk '/VmHWM/{print $2}' /proc/$pid/status 2>/dev/null); [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h; sleep 0.2; done
		wait $pid; echo "exit $? peak_rss_kb $hwm" >> $OUT/$name.err
	fi
	echo "$name wall $(echo "$(date +%s.%N) - $t0" | bc) s" | tee -a $OUT/summary.txt
}
run quick measure -d NVIDIA --quick -o $OUT/quick.csv
run quick2 measure -d NVIDIA --quick -o $OUT/quick2.csv
run full measure -d NVIDIA -o $OUT/full.csv
grep -h "Maximum resident\|Elapsed\|peak_rss" $OUT/*.err >> $OUT/summary.txt
