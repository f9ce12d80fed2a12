#!/usr/bin/python3
"""The suite of real kernels predicted from each GPU's own parameter file.

usage: suite.py LATMIX DIR...   (DIR: data/measured/<gpu>, holding kernels.csv,
params-kernels.ini and mix-of/<kernel>.txt, the loop latmix kernel --mix-of
counted from that GPU driver's PTX)

For each kernel whose loop was counted, runs `latmix predict
DIR/params-kernels.ini` with the counted mix at the measured occupancies and
prints a Markdown table ((s): scattered loads or stores; (m): misaligned loads,
priced at the file's misaligned share; + h: h cache hits in
flight beside the loads): the RMS relative error of elements (iterations of a
grid-stride loop) per second over them (latmix report compares the same way),
the warps per CU for 90% of the plateau (the highest rate over the same
occupancies, measured and predicted, interpolated), the bound at 64 warps.

usage: suite.py LATMIX DIR... [--kernels=FILE]   (FILE: DIR's kernels' CSV,
kernels.csv unless given; kernels-shift.csv holds the leases' shifted pairs)
"""
import csv, io, math, re, subprocess, sys
from study import warps_for


def measured(path):
    rows = {}
    with open(path) as f:
        lines = [l for l in f if not l.startswith('#')]
    for r in csv.DictReader(lines):
        rows.setdefault(r['mix'], []).append((int(r['warps_per_cu']), float(r['elements_per_s'])))
    return {k: sorted(v) for k, v in rows.items()}


def main():
    latmix, dirs = sys.argv[1], [a for a in sys.argv[2:] if not a.startswith('--kernels=')]
    kernels = ([a[10:] for a in sys.argv[2:] if a.startswith('--kernels=')] or ['kernels.csv'])[-1]
    print('| GPU | kernel | loads, stores, alpha | RMS error | 90% warps measured | predicted | bound at 64 |')
    print('|---|---|---|---|---|---|---|')
    for d in dirs:
        meas = measured(d + '/' + kernels)
        parts = d.rstrip('/').split('/')
        gpu = next((p for p in reversed(parts) if p.startswith('nvidia-')), parts[-1])
        for k in sorted(meas):
            text = open(f'{d}/mix-of/{k}.txt').read()
            m = re.search(r'^predict: (.*)$', text, re.M)
            if not m:
                why = re.search(r'latmix kernel: (.*)', text)
                print(f'| {gpu} | {k} | not counted | | {warps_for(meas[k], 0.9):.1f} | | '
                      f'{why.group(1)[:90] if why else ""} |')
                continue
            args = m.group(1).split()
            curve = meas[k]
            warps = ','.join(str(n) for n, _ in curve)
            out = subprocess.run([latmix, 'predict', d + '/params-kernels.ini', *args, '--csv',
                                  '--warps', warps], capture_output=True, text=True)
            if out.returncode:
                print(f'| {gpu} | {k} | {" ".join(args[1::2][:3])} | not predicted | '
                      f'{warps_for(curve, 0.9):.1f} | | {out.stderr.strip().splitlines()[0][:90]} |')
                continue
            pred = list(csv.DictReader(io.StringIO(out.stdout)))
            err = [(float(p['iterations_per_s']) - y) / y for p, (_, y) in zip(pred, curve)]
            rms = math.sqrt(sum(e * e for e in err) / len(err))
            w90 = warps_for([(n, float(p['iterations_per_s'])) for (n, _), p in zip(curve, pred)], 0.9)
            miss = abs(w90 / warps_for(curve, 0.9) - 1)
            sl = ' (s)' if '--scattered-loads' in args else ''
            sl += ' (m)' if '--misaligned-loads' in args else ''
            ss = ' (s)' if '--scattered-stores' in args else ''
            if '--hits' in args:
                sl += ' + ' + args[args.index('--hits') + 1]
            print(f'| {gpu} | {k} | {args[1]}{sl}, {args[3]}{ss}, {args[5]} | {100 * rms:.1f}% | '
                  f'{warps_for(curve, 0.9):.1f} | {w90:.1f} ({100 * miss:.0f}%) | {pred[-1]["bound"]} |')


if __name__ == "__main__":
    main()
