#!/usr/bin/python3
"""Arithmetic-heavy kernels latmix never ran, predicted blind from each GPU's
own sweep, against what that GPU measured.

usage: compute.py LATMIX   (run here; output: compute.txt)

Each kernel's count is its mix-of/<kernel>.txt as the lease's latmix wrote it
from the driver's PTX (its "predict:" line); each GPU is predicted from its own
params-kernels.ini (fitted by scripts/fit-results.sh). Rates in elements
(iterations) a second: RMS over the measured occupancies, the warps for 90% of
the best over them, and the rates at 1, 21, 33 and 64 warps.
"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../strided'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../model-study'))
from strided import curve, predict, predict_line, score
from study import rows, warps_for

KERNELS = ('copy', 'poly8', 'poly64', 'poly256', 'ilp64', 'ilp256', 'sigmoid')
AT = (1, 21, 33, 64)


def main():
    latmix = sys.argv[1]
    print('| GPU | kernel | counted | RMS | 90% warps measured / predicted | ' +
          ' | '.join(f'{n} warps, measured / predicted (G elements/s)' for n in AT) + ' |')
    print('|---|---|---|---|---|' + '---|' * len(AT))
    for g in ('nvidia-h200', 'nvidia-h100'):
        runs = rows(f'{g}/kernels.csv')
        for k in KERNELS:
            meas = curve(runs, k)
            args = predict_line(open(f'{g}/mix-of/{k}.txt').read())
            pred = predict(latmix, f'{g}/params-kernels.ini', args, [n for n, _ in meas])
            rms, p90 = score(pred, meas)
            m90 = warps_for(meas, 0.9)
            at = {n: (y, p) for (n, y), p in zip(meas, pred)}
            cells = [f'{at[n][0] / 1e9:.1f} / {at[n][1] / 1e9:.1f}' for n in AT]
            print(f'| {g} | {k} | {args} | {rms:.1f}% | {m90:.1f} / {p90:.1f} ({100 * (p90 - m90) / m90:+.0f}%) | ' +
                  ' | '.join(cells) + ' |')


if __name__ == '__main__':
    main()
