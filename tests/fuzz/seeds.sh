#!/bin/sh
# Writes the fuzzers' seed corpora, tests/fuzz/corpus/NAME/, from files
# committed in the tree: the heads of measured results, parameter files,
# the suite's descriptions and the expressions in them, NVIDIA's PTX and
# the counts in mix-of/, the listings tests/test_isa.c records, and, given
# a built latmix (LATMIX, default build/latmix) with clang and ocloc, the
# loops of the suite as AMD's and Intel's compilers build them; then the
# seeds written by hand (tests/fuzz/hand/NAME/: the shapes a finding or a
# new reader's case needed), which this script never writes over. The
# seeds are committed; run this (from the repository root) when a format
# changes, and add a hand seed under tests/fuzz/hand/, not in the corpus,
# which this script writes anew. Each seed stays under 16 KB. SEEDS_OUT
# writes them elsewhere (a check that the script still runs).
set -eu
C=${SEEDS_OUT:-tests/fuzz/corpus}
LATMIX=${LATMIX:-build/latmix}
rm -rf "$C"
for d in results params ukernel expr number alpha ptx isa predict ratios count source binary sass; do mkdir -p "$C/$d"; done

# The first lines of $1, at most $2 bytes, cut at a line's end.
head_lines() { head -c "$2" "$1" | sed '$d'; }

# results: every header this latmix reads (31, 30 and 27 columns), a
# user's kernels, and references among the rows
H200=data/measured/nvidia-h200
head_lines $H200/measurements.csv 4000 > $C/results/h200.csv
head_lines data/measured/nvidia-h100/measurements.csv 4000 > $C/results/h100.csv
head_lines tests/fixtures/h100-quick1-30-columns.csv 4000 > $C/results/h100-quick1-30-columns.csv
head_lines tests/fixtures/pocl-2026-11-23-27-columns.csv 4000 > $C/results/pocl-27-columns.csv
head_lines $H200/kernels.csv 4000 > $C/results/h200-kernels.csv
# the written-read rows, which hold a group's wait for its last
{ sed -n '/^mix,/q;p' $H200/measurements.csv; grep -m1 '^mix,' $H200/measurements.csv
  grep '^written-' $H200/measurements.csv; } > $C/results/h200-written.csv
zcat studies/speed/node-2026-11-28b/kernels.csv.gz | head -c 4000 | sed '$d' > $C/results/h200-kernels-shape.csv
head_lines tests/fixtures/pocl-most-points-short-of-the-model.csv 4000 > $C/results/pocl-fixture.csv
head_lines tests/fixtures/h100-dispatch.csv 4000 > $C/results/h100-dispatch.csv
f=tests/fixtures/copy-gap/chase.csv
{ grep -v '^# reference = ' $f | sed -n '/^mix,/q;p'; grep -m1 '^mix,' $f
  grep -m3 '^# reference = ' $f; grep -v '^#' $f | sed -n '2,6p'; } > $C/results/h100-references.csv

# params: the thesis's, one fit of each kind, a joint fit of every kind
cp data/reference/*.ini $C/params/
for p in params params-refined params-kernels params-lmem params-sfu; do
	cp $H200/$p.ini $C/params/h200-$p.ini
done
cp tests/fixtures/pocl-2026-11-23-params-lmem.ini $C/params/pocl-params-lmem.ini
# the dispatch parameters, as latmix fit --mix dispatch writes them (needs a built latmix)
if [ -x "$LATMIX" ]; then
	"$LATMIX" fit tests/fixtures/h100-dispatch.csv --mix dispatch -o $C/params/h100-params-dispatch.ini >/dev/null
fi

# ukernel: the suite's descriptions, the fixtures as written, vector types and a study's variants
cp cl/kernels/*.ini $C/ukernel/
for k in vscale lanes; do cp tests/fixtures/vectors/$k.ini $C/ukernel/vectors-$k.ini; done
# kernels as written: 1D and 2D globals, a local shape, per-local-size
cp tests/fixtures/kernels/nd-*.ini $C/ukernel/
for k in copy_shift copy_randline copy_u32; do
	cp tests/fixtures/copy-gap/$k.ini $C/ukernel/copy-gap-$k.ini
done

# expr: every expression in N of the suite's descriptions
grep -h -E '^(size|elements|bytes|length|value|fill) *=' cl/kernels/*.ini |
	sed -E 's/^[a-z]+ *= *//; s/^(const|step|random-below) //' | grep -v -E '^(zero|index|random|permutation|group)$' |
	sort -u | awk -v d=$C/expr '{ f = sprintf("%s/%02d", d, NR); printf "%s", $0 > f; close(f) }'

# number: the forms options.h and number.h name, and lists of warps
n=0
for s in 0.25 .5 1e-3 -12 2.5E+09 4096 1G 512M 1.5GiB 64K 1,2,4,8,16,32,64 1,8,64; do
	n=$((n + 1)); printf '%s' "$s" > $C/number/$n
done

# alpha: the sweep's default lists (src/bench/sweep.c) and the forms alpha.h names
n=0
for s in 0,1/4,1,2,4,8,16,32,64,128,256,512,inf 0,1,4,16,64,256 0,1/4,16,inf 0.25 2/8 infinity; do
	n=$((n + 1)); printf '%s' "$s" > $C/alpha/$n
done

# ptx: each suite kernel's listing as NVIDIA's driver built it on an
# H200, behind its name (the harness's first line)
for f in $H200/mix-of/*.txt; do
	k=$(sed -n 's/^\.entry \([A-Za-z0-9_]*\).*/\1/p' $f | head -1)
	{ echo "$k"; awk 'p || /^\/\/|^\.version/ { p = 1; print }' $f; } > $C/ptx/$(basename $f .txt)
done
# and the held-out rowsum's, its row's width (argument 2) known
f=studies/written-predict/loops-h200/rowsum.txt
{ echo "rowsum 2=16"; awk 'p || /^\/\/|^\.version/ { p = 1; print }' $f; } > $C/ptx/rowsum-width-known
# and a filter's window sliding under its span (fir of the later lease's loops)
{ echo "fir 3=16"; cat tests/fixtures/ptx/h200-loops2.ptx; } > $C/ptx/fir-window
# and colsum's, its n the launch's size
f=studies/written-predict/loops-h200/colsum.txt
{ echo "colsum 2=grid"; awk 'p || /^\/\/|^\.version/ { p = 1; print }' $f; } > $C/ptx/colsum-grid

# predict: the counts above the listings, one of each form of predict:
# line, and one that refused its kernel
for f in $(git ls-files '*mix-of/*.txt'); do
	grep -q '^predict:' $f || continue
	form=$(grep -m1 '^predict:' $f | sed 's/[0-9.]\{1,\}/N/g' | tr -c 'a-z\n' -)
	[ -e "$C/predict/$form" ] || awk '/: the main loop as / { p = 1 } p { print } /^predict:/ { exit }' $f > "$C/predict/$form"
done
(cd $C/predict && n=0 && for f in *; do n=$((n + 1)); mv "$f" "form$n"; done)
grep '^latmix kernel: ' tests/fixtures/h200-2026-11-25/nvidia-h200/mix-of/gemv.txt > $C/predict/refused-gemv

# ratios: the thesis's
cp data/reference/ratios.csv $C/ratios/
# count: the committed counts, a counted loop, one inside a grid-stride
# loop, one that scatters, and one not counted (an older sweep's gemv)
for k in add gemv transpose; do cp data/measured/nvidia-h200/mix-of/$k.ini $C/count/; done
cp tests/fixtures/h200-2026-11-25/nvidia-h200/mix-of/gemv.ini $C/count/gemv-not-counted.ini
# and the later lease's rownorm, with what its description says its launch runs
cp tests/fixtures/loops2-h200/mix-of/rownorm.ini $C/count/rownorm-work.ini
# and the held-out rowsum's, ptxas's unrolling again read from its machine
# code (ptxas and nvdisasm stood in for, as tests/test_sass.c does)
if [ -x "$LATMIX" ]; then
	t=$(mktemp -d)
	printf '#!/bin/sh\nexit 0\n' > $t/ptxas
	printf '#!/bin/sh\ncat %s\n' "$PWD/tests/fixtures/sass/h200-rowsum.sass" > $t/nvdisasm
	chmod +x $t/ptxas $t/nvdisasm
	LATMIX_PTXAS=$t/ptxas LATMIX_NVDISASM=$t/nvdisasm $LATMIX kernel --arg 2=16 \
		--mix-of tests/fixtures/ptx/h200-rowsum.ptx:rowsum --save-count $C/count/rowsum-ptxas.ini > /dev/null
	rm -rf $t
fi

# isa: the first byte picks the dialect (@ amdgcn, A iga; D and E: a
# mix's, 2 steps and 3 adds), then the kernel's name on its line
python3 - "$C/isa" <<'EOF'
import ast, re, sys
src = open('tests/test_isa.c').read()
for i, m in enumerate(re.finditer(r'(?:static const char (\w+)\[\] =|char (\w+)\[\] =)\s*((?:"(?:[^"\\]|\\.)*"\s*)+);', src)):
    name = m.group(1) or m.group(2)
    text = ''.join(ast.literal_eval(s) for s in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(3)))
    if 'jmpi' in text or 's_cbranch' in text:
        iga = 'jmpi' in text
        kernel = 'lm_chase' if 'lm_chase' in text or name.endswith('listing') else 'k'
        how = ('E' if iga else 'D') if name.endswith('listing') else ('A' if iga else '@')
        open('%s/test_isa-%s-%d' % (sys.argv[1], name, i), 'w').write(how + kernel + '\n' + text)
EOF
if [ -x "$LATMIX" ]; then
	for t in gfx90a gfx1100 dg2-g10 tgllp; do
		case $t in gfx*) how=@ ;; *) how=A ;; esac
		for k in sum triad stencil1d transpose fill dot; do
			loop=$("$LATMIX" kernel --mix-of $k --isa $t --binary 2>/dev/null | sed -n '1,/^$/p' | sed '$d') || continue
			[ -n "$loop" ] || continue
			case $t in
			gfx*) printf '%s%s\n%s:\n%s\n.Lfunc_end0:\n' $how $k $k "$loop" ;;
			*) printf '%s%s\n%s\n' $how $k "$loop" ;;
			esac > $C/isa/$t-$k
		done
	done
	# a mix's whole function, which clang's listing holds among others
	"$LATMIX" kernel --isa gfx90a --binary -a 0 -m stream 2>/dev/null |
		awk 'BEGIN { print "Dlm_chase" } /^lm_chase:/ { p = 1 } p { print } /^\.Lfunc_end/ && p { exit }' > $C/isa/gfx90a-stream-mix
fi

# source: "KERNEL ARG" then a kernel's source, for each scalar of the
# suite's kernels as written and the test fixtures' kernels (and ARG as
# predict's --arg list, by name, and by position after a '.')
for f in cl/kernels/nd-*.cl tests/fixtures/kernels/*.cl; do
	k=$(sed -n 's/.*__kernel void \([a-z_0-9]*\).*/\1/p' "$f" | head -1)
	[ -n "$k" ] || continue
	for a in $(grep -o 'const uint [a-z_0-9]*\|const int [a-z_0-9]*\|uint [a-z_0-9]*' "$f" | awk '{ print $NF }' | sort -u | head -4); do
		{ echo "$k $a"; cat "$f"; } | head -c 8000 > "$C/source/$(basename "$f" .cl)-$a"
		{ echo "$k $a=16,0=1"; cat "$f"; } | head -c 8000 > "$C/source/$(basename "$f" .cl)-arg-$a"
	done
	{ echo "$k .2=16"; cat "$f"; } | head -c 8000 > "$C/source/$(basename "$f" .cl)-arg-by-position"
done

# binary: a kernel cache's NAME.opt, a NUL byte and the binary: whole, and
# cut short (its size and checksum then another's)
b='.version 8.0\n.target sm_90\n'
sum=$(printf "$b" | python3 -c 'import sys
h = 14695981039346656037
for c in sys.stdin.buffer.read(): h = ((h ^ c) * 1099511628211) % 2**64
print("%016x" % h)')
n=$(printf "$b" | wc -c)
{ printf -- '-cl-std=CL1.2 -D LM_CHAINS=1\n%s bytes, fnv %s\n\0' "$n" "$sum"; printf "$b"; } > $C/binary/whole
{ printf -- '-cl-std=CL1.2 -D LM_CHAINS=1\n%s bytes, fnv %s\n\0' "$n" "$sum"; printf "$b" | head -c 9; } > $C/binary/cut

# sass: ptxas's machine code as nvdisasm prints it, of the held-out rowsum
# (its loop unrolled again, every load before a use) and of gemv (cut to
# 16 KB: its loops' fmas waiting on loads), and a loop closed by an address
cp tests/fixtures/sass/h200-rowsum.sass $C/sass/rowsum
head_lines tests/fixtures/sass/h200-gemv.sass 16000 > $C/sass/gemv
printf '        /*0000*/ MOV R1, c[0x0][0x28] ;\n        /*0010*/ LDG.E.64 R6, desc[UR4][R2.64] ;\n        /*0020*/ FADD R0, R0, R7 ;\n        /*0030*/ @P0 BRA 0x10 ;\n' > $C/sass/address

find $C -type f -size +16k -print -delete | sed 's/^/seeds: over 16 KB, left out: /'
# the seeds written by hand, each where its fuzzer reads (sass's
# nd-matmul over 16 KB: its fuzzer reads up to 24 KB)
cp -R tests/fuzz/hand/. $C/
du -sh $C
