#!/bin/sh
# Counts again, with this latmix, the kernels as written (without a loop, or
# with one inside: nd-dot, nd-matmul, nd-spmv) and the grid-stride loops
# around a loop inside (gemv, spmv) from the PTX NVIDIA's driver
# built when each GPU's suite was measured
# (data/measured/<gpu>/mix-of/KERNEL.txt: a count, a blank line, the
# listing), and writes the count where measure would have (KERNEL.txt and
# KERNEL.ini), keeping what the kernel's description gave at the
# measurement (its arrays' bytes, trip count, elements a work-item), which a
# listing does not hold: measure --kernel at the time refused a kernel
# without a loop and a loop inside another. A listing has no source: the scalar arguments
# the descriptions fix (value =, the same at N and N / 2) are given by
# position with --arg, as measure takes them from the description.
# Then latmix report draws them measured against predicted. From the
# repository root, with a built latmix (LATMIX, default build/latmix).
set -eu
L=${LATMIX:-build/latmix}
for gpu in nvidia-h200 nvidia-h100; do
	d=data/measured/$gpu/mix-of
	for ka in nd-copy nd-mul nd-add nd-triad nd-nstream nd-transpose nd-conv2d:3=4096 nd-dot nd-matmul:4=1024,5=1024 \
		nd-spmv gemv:4=256 spmv; do
		k=${ka%%:*}
		a=; [ "$k" = "$ka" ] || a="--arg ${ka#*:}"
		n=$(echo $k | tr - _)
		t=$(mktemp --suffix=.ptx)
		sed -n '/^\/\/$/,$p' $d/$k.txt > $t
		"$L" kernel --mix-of $t:$n $a --save-count $t.ini > $t.count
		# what the description gave when it was measured (a listing has none:
		# arg_bytes, trip, items, per_item) and the kernel's name kept from the
		# count measure wrote; the rest as this latmix counts it
		awk -F' = ' 'NR == FNR { if ($1 ~ /^[a-z_0-9]+$/ && NF > 1) old[$1] = $0; next }
			{ if ($1 == "kernel" && ("kernel" in old)) $0 = old["kernel"]; print; if (NF > 1) seen[$1] = 1 }
			END { for (k in old) if (!(k in seen)) print old[k] }' $d/$k.ini $t.ini > $t.merged
		sed "/^;/s/$n/$k/g" $t.merged > $d/$k.ini
		rm -f $t.merged
		rm -f $t.ini
		sed -i "s|the compiler that wrote $t|NVIDIA's driver (PTX kept from the measurement)|" $t.count
		{ cat $t.count; echo; cat $t; } > $d/$k.txt
		rm -f $t $t.count
	done
	"$L" report data/measured/$gpu > /dev/null
done
