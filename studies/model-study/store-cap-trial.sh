#!/bin/sh
# A trial, not kept (issue 22, eleventh round): the store kind's bound
# (mem_thru.gmem-store of params-kernels.ini) capped at the stream-store
# mix's plateau (the mean of its three highest points) of the same sweep, at
# prediction only; the suite predicted from copies of both committed
# directories in /tmp/store-cap. Run from this directory:
#   sh store-cap-trial.sh ../../build/latmix > store-cap-trial.txt
set -eu
latmix=$1
for g in h200 h100; do
	d=../../data/measured/nvidia-$g t=/tmp/store-cap/nvidia-$g
	rm -rf "$t" && mkdir -p "$t" && cp -r "$d/kernels.csv" "$d/mix-of" "$t/"
	/usr/bin/python3 - "$d" "$t" <<'PY'
import csv, re, sys
d, t = sys.argv[1], sys.argv[2]
rows = [r for r in csv.DictReader(l for l in open(d + '/measurements.csv') if not l.startswith('#'))
        if r['mix'] == 'stream-store']
top = sorted(float(r['mem_ipc']) for r in rows)[-3:]
cap = sum(top) / len(top)
text = open(d + '/params-kernels.ini').read()
text = re.sub(r'(\[mem_thru\.gmem-store\]\nvalue = )([0-9.e-]+)',
              lambda m: m.group(1) + repr(min(cap, float(m.group(2)))), text)
open(t + '/params-kernels.ini', 'w').write(text)
print(f'{d}: stream-store plateau {cap:.4g} warp loads/cycle/CU', file=sys.stderr)
PY
done
/usr/bin/python3 suite.py "$latmix" /tmp/store-cap/nvidia-h200 /tmp/store-cap/nvidia-h100
