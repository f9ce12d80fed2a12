#!/usr/bin/python3
"""How sharply each measured curve bends into its plateau: the refined
model's knee, x = top (1 - exp(-r^s))^(1/s) with r = n / (step top), fitted
to one curve at a time (step, top and s free; least squares on relative
errors). s is the sharpness the curve itself asks for, whatever the other
curves of its kind do.

usage: knee-per-curve.py DIR...   (DIR: data/measured/<gpu> with
measurements.csv and kernels.csv, or a store-half lease folder with half.csv
and store.csv)

The chase's curves at 1, 2, 4 and 8 chains, alphas 0, 4 and 16. Read-only
curves (gmem's chase, sum, dot) ask for s near 2 (1.4-1.85 at 4 and 8
chains); every curve whose loop stores (the store mixes, copy, scale, add,
triad, the stencils) for s near 0.9-1.3, whatever share of its loads is
stored: latmix gives a kernel that stores the store kinds' knee.
"""
import math, os, sys
from collections import defaultdict
import numpy as np
from scipy.optimize import least_squares
from study import knee, rows, warps_for


def fit(curve):
    n = np.array([a for a, _ in curve], float)
    y = np.array([b for _, b in curve], float)
    res = lambda x: knee(n / math.exp(x[0]), math.exp(x[1]), math.exp(x[2])) / y - 1
    r = least_squares(res, [math.log(n[0] / y[0]), math.log(y.max()), math.log(1.75)])
    e = r.fun
    return math.exp(r.x[2]), math.sqrt(e @ e / len(e))


def curves(path, col, chase):
    c = defaultdict(list)
    for r in rows(path):
        if r['coresident'] != 'yes':
            continue
        if chase and (r['mix'] not in ('gmem', 'gmem-store', 'gmem-store-half') or r['chains'] not in ('1', '2', '4', '8')
                      or r['alpha_value'] not in ('0', '4', '16')):
            continue
        key = (r['mix'], r['alpha_value'], r['chains']) if chase else (r['mix'],)
        c[key].append((int(r['warps_per_cu']), float(r[col])))
    return {k: sorted(v) for k, v in sorted(c.items())}


def main():
    for d in sys.argv[1:]:
        print(d)
        files = [(f, 'mem_ipc', True) for f in ('measurements.csv', 'half.csv', 'store.csv')]
        files.append(('kernels.csv', 'elements_per_s', False))
        for f, col, chase in files:
            if not os.path.exists(os.path.join(d, f)):
                continue
            for k, v in curves(os.path.join(d, f), col, chase).items():
                if len(v) < 8 or k[0] in ('fill', 'gemv', 'spmv', 'transpose'):
                    continue  # no load a loop, or not counted, or flat from one warp
                s, rms = fit(v)
                label = f'{k[0]} alpha {k[1]}, {k[2]} chain(s)' if chase else k[0]
                if f == 'half.csv':
                    label += ', storing one load in two'
                print(f'  {f:17s} {label:56s} s {s:4.2f}  (RMS {100 * rms:3.1f}%, 90% of top at '
                      f'{warps_for(v, 0.9):4.1f} warps)')


main()
