# Sourced by the node leases' run.sh (node-2026-11-28, node-2026-11-28b,
# cache-2026-11-28), from the repository root on a lent host of several GPUs: NVIDIA's ICD
# and the runtime packages of .gpu/, latmix (L=.gpu/latmix) and its commit, the GPUs'
# identities and OpenCL's list of devices, and the first NVIDIA device (first).
mkdir -p /etc/OpenCL/vendors; echo libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
for f in .gpu/*.deb; do dpkg -x $f /; done; ldconfig
L=.gpu/latmix
cp .gpu/commit.txt $OUT/
nvidia-smi --query-gpu=index,name,serial,uuid,pci.bus_id,clocks.max.sm,clocks.mem --format=csv > $OUT/gpu.txt
$L devices > $OUT/devices.txt 2>&1
first=$(grep -m1 -o '^[0-9]*:[0-9]*  NVIDIA' $OUT/devices.txt | cut -d' ' -f1)
