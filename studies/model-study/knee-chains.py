#!/usr/bin/python3
"""A knee that falls with the chains in flight: does it place add's 90% warps?

usage: knee-chains.py GPU...   (GPU: nvidia-h200, nvidia-h100; run here)

Each store kind (gmem-store-half, gmem-store) is fitted alone on its curves
at 1, 2, 4 and 8 chains (alphas 0-512, as the default sweep measures them)
by the refined model as fit/model.c evaluates a chase (lm_model_eval_chains:
occupancy n = warps x chains, step mem_lat + chain_lat log2(chains) + alpha
alu_lat, peak the least of mem_thru, alu_thru / alpha and issue_thru /
(alpha + 1), sharpness knee x step / memory part), alu_lat, alu_thru and
issue_thru held at params-kernels.ini's. Two forms: latmix's (one knee for
every chain count) and one whose knee is knee x chains^-kappa; and, as the
best this model can do from the chase, latmix's form on the half kind's
curves at 2 chains and alphas 0-16 alone (add's loop in the chase's terms:
2 loads in flight, alpha 8). add (2 loads,
1 store, alpha 8, 11 instructions; kernels.csv of the same lease) is then
predicted from the half kind as latmix predict --kernel does, the chain term
gmem's.
"""
import math, os, sys
import numpy as np
from scipy.optimize import least_squares

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from study import ini, knee, rows, warps_for  # noqa: E402


def chase(w, c, a, x, q, kappa):
    lat, thru, cl, k = x
    mem = lat + cl * np.log2(c)
    step = mem + a * q['alu_lat']
    with np.errstate(divide='ignore'):
        peak = np.minimum(thru, np.minimum(np.where(a > 0, q['alu_thru'] / np.maximum(a, 1e-300), np.inf),
                                           q['issue_thru'] / (a + 1)))
    return knee(w * c / step, peak, k * c ** -kappa * step / mem)


def fit(pts, q, with_kappa):
    W, C, A, Y = pts
    def res(x):
        kappa = x[4] if with_kappa else 0.0
        return chase(W, C, A, np.exp(x[:4]), q, kappa) / Y - 1
    x0 = [math.log(q['mem_lat']), math.log(0.05), math.log(150), math.log(1.2)] + ([0.1] if with_kappa else [])
    r = least_squares(res, x0)
    e = r.fun
    return np.exp(r.x[:4]), (r.x[4] if with_kappa else 0.0), math.sqrt(e @ e / len(e)), len(e)


def main():
    for g in sys.argv[1:]:
        d = f'../../data/measured/{g}'
        q = ini(d + '/params-kernels.ini')
        add = sorted((int(r['warps_per_cu']), float(r['elements_per_s']), float(r['clock_mhz']))
                     for r in rows(d + '/kernels.csv') if r['mix'] == 'add')
        n = np.array([w for w, _, _ in add], float)
        y = np.array([2 * v / 32 / 132 / 1e6 / c for _, v, c in add])
        print(f'{g}: add measured, 90% of its top at {warps_for(list(zip(n, y)), 0.9):.1f} warps')
        for kind in ('gmem-store-half', 'gmem-store'):
            rs = [r for r in rows(d + '/measurements.csv') if r['mix'] == kind and r['coresident'] == 'yes']
            pts = tuple(np.array([float(r[k]) for r in rs]) for k in ('warps_per_cu', 'chains', 'alpha_value',
                                                                      'mem_ipc'))
            two = (pts[1] == 2) & (pts[2] <= 16)
            forms = [(False, pts, 'one knee'), (True, pts, 'knee x chains^-kappa')]
            if kind == 'gmem-store-half':
                forms.append((False, tuple(v[two] for v in pts), 'add\'s 2 chains alone'))
            for with_kappa, pts_f, name in forms:
                (lat, thru, cl, k), kappa, rms, npts = fit(pts_f, q, with_kappa)
                line = (f'  {kind:15s} {name:20s}: '
                        f'mem_lat {lat:5.0f} mem_thru {thru:.4f} chain_lat {cl:4.0f} knee {k:.2f} '
                        f'kappa {kappa:5.3f}  RMS {100 * rms:4.1f}% ({npts} points)')
                if kind == 'gmem-store-half':
                    m = lat + q['chain_lat']
                    step = m + 8 * q['alu_lat']
                    p = knee(n * 2 / step, min(thru, q['issue_thru'] * 2 / 11), k * 2 ** -kappa * step / m)
                    err = p / y - 1
                    line += (f'; add: RMS {100 * math.sqrt(err @ err / len(err)):.1f}%, 90% at '
                             f'{warps_for(list(zip(n, p)), 0.9):.1f} warps')
                print(line)


main()
