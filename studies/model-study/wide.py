#!/usr/bin/python3
"""Loops whose lanes move 4, 8 and 16 bytes, predicted from each GPU's
committed params-kernels.ini, against one lease's measurement.

usage: wide.py LATMIX GPU-DIR LEASE-DIR ...   (pairs: GPU-DIR holds
params-kernels.ini; LEASE-DIR holds wide.csv, gpu.txt and mix-of/<kernel>.txt,
the loop the driver built, counted)

For each kernel: the RMS relative error over the measured occupancies of
elements (iterations) a second, the warps for 90% of the highest rate over
them, measured and predicted, and the rate at 64 warps, with the loop priced
as counted (its bytes a lane) and as before latmix read the bytes (every
access a float's).
"""
import csv, io, math, re, subprocess, sys
from study import warps_for
from suite import measured


def predict(latmix, params, args, warps):
    out = subprocess.run([latmix, 'predict', params, *args, '--csv', '--warps', warps],
                         capture_output=True, text=True, check=True)
    return [float(p['iterations_per_s']) for p in csv.DictReader(io.StringIO(out.stdout))]


def drop_bytes(args):
    keep, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ('--load-bytes', '--store-bytes'):
            skip = True
        else:
            keep.append(a)
    return keep


def main():
    latmix, pairs = sys.argv[1], sys.argv[2:]
    print('| GPU (lease serial) | kernel | bytes a lane | RMS | 90% warps measured | predicted | '
          'G elements/s at 64, measured | predicted | as a float\'s: RMS, at 64 |')
    print('|---|---|---|---|---|---|---|---|---|')
    for gdir, ldir in zip(pairs[::2], pairs[1::2]):
        serial = open(ldir + '/gpu.txt').read().splitlines()[1].split(', ')[1]
        gpu = gdir.rstrip('/').split('/')[-1]
        meas = measured(ldir + '/wide.csv')
        for k in ['copy', 'dcopy', 'copy4', 'triad', 'dtriad']:
            text = open(f'{ldir}/mix-of/{k}.txt').read()
            args = re.search(r'^predict: (.*)$', text, re.M).group(1).split()
            curve = meas[k]
            warps = ','.join(str(n) for n, _ in curve)
            rows = []
            for a in (args, drop_bytes(args)):
                pred = predict(latmix, gdir + '/params-kernels.ini', a, warps)
                err = [(p - y) / y for p, (_, y) in zip(pred, curve)]
                rows.append((math.sqrt(sum(e * e for e in err) / len(err)), pred))
            (rms, pred), (rms0, pred0) = rows
            lb = args[args.index('--load-bytes') + 1] if '--load-bytes' in args else '4'
            w90 = warps_for([(n, p) for (n, _), p in zip(curve, pred)], 0.9)
            m90 = warps_for(curve, 0.9)
            print(f'| {gpu} ({serial}) | {k} | {lb} | {100 * rms:.1f}% | {m90:.1f} | '
                  f'{w90:.1f} ({100 * abs(w90 / m90 - 1):.0f}%) | {curve[-1][1] / 1e9:.1f} | '
                  f'{pred[-1] / 1e9:.1f} | {100 * rms0:.1f}%, {pred0[-1] / 1e9:.1f} |')


if __name__ == '__main__':
    main()
