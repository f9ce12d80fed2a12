#!/usr/bin/python3
"""A kind measured at one store every two loads, with a knee of its own:
what add's prediction would be if latmix measured that mix (issue 22).

usage: half-kind.py GPU...   (GPU: nvidia-h200, nvidia-h100; run here)

The s = 0.5 kind is fitted on <gpu>/half.csv (the store chase storing one of
its two chains) with mem_lat, mem_thru and the knee's factor its own and the
rest held at ../../../data/measured/<gpu>/params-kernels.ini's, by the model latmix
predict --kernel evaluates; add (2 loads, 1 store, alpha 8, 11
instructions) measured in the same lease (<gpu>/kernels.csv) is then
predicted from that kind alone.
"""
import math, os, sys
import numpy as np
from scipy.optimize import least_squares

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from study import ini, kernel_rate, rows, warps_for  # noqa: E402


def main():
    for g in sys.argv[1:]:
        q = ini(f'../../../data/measured/{g}/params-kernels.ini')
        half = [r for r in rows(g + '/half.csv') if r['coresident'] == 'yes']
        A = np.array([float(r['alpha_value']) for r in half])
        N = np.array([float(r['warps_per_cu']) for r in half])
        Y = np.array([float(r['mem_ipc']) for r in half])
        res = lambda x: np.array([kernel_rate(n, 2, a, 2 * (a + 1), math.exp(x[0]), math.exp(x[1]), q,
                                              math.exp(x[2])) for n, a in zip(N, A)]) / Y - 1
        x = least_squares(res, [math.log(q['mem_lat']), math.log(q['mem_thru']), math.log(1.2)]).x
        lat, thru, f = np.exp(x)
        e = res(x)
        add = sorted((int(r['warps_per_cu']), float(r['elements_per_s']), float(r['clock_mhz']))
                     for r in rows(g + '/kernels.csv') if r['mix'] == 'add')
        n = [w for w, _, _ in add]
        y = [2 * v / 32 / 132 / 1e6 / c for _, v, c in add]
        p = kernel_rate(n, 2, 8, 11, lat, thru, q, f)
        err = p / np.array(y) - 1
        print(f'{g}: s = 0.5 kind from {len(Y)} points: mem_lat {lat:.0f} cycles, mem_thru {thru:.4f}, '
              f'knee {f:.2f}, RMS {100 * math.sqrt(e @ e / len(e)):.1f}%')
        print(f'  add from it: RMS {100 * math.sqrt(err @ err / len(err)):.1f}%, 90% of its top at '
              f'{warps_for(list(zip(n, p)), 0.9):.1f} warps, measured {warps_for(list(zip(n, y)), 0.9):.1f}')


main()
