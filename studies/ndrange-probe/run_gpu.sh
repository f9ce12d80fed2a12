#!/bin/sh
# The probe's one device run (from /work/main's tree on the lent machine,
# with the binary and kernels copied to .gpu/suite/): NVIDIA's ICD, the
# GPU's name and serial, the probe on every nd kernel twice: the wrapper
# calling the suite kernel as written (a kernel calling a kernel), then as a
# plain function. Results under $OUT.
set -u
mkdir -p /etc/OpenCL/vendors
echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x "$f" /; done
ldconfig
nvidia-smi --query-gpu=name,serial,driver_version,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
cd .gpu/suite || exit 1
for mode in no yes; do
	timeout 130 ./probe kernels "$OUT/ndrange-probe-fn-$mode.csv" --platform NVIDIA --repeats 5 \
		--as-function $mode 2> "$OUT/probe-fn-$mode.log"
	echo "probe (as function: $mode) exit $?"
	grep -v '^  ' "$OUT/probe-fn-$mode.log" | sort | uniq -c | sort -rn | head -12
	wc -l "$OUT/ndrange-probe-fn-$mode.csv"
done
