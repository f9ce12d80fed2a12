#!/usr/bin/python3
"""The store kind's knee: the refined model's sharpness (1.75 x a step over
its memory part) against one fitted for the store kind (issue 22: add and
triad bend over early).

usage: store-knee.py DIR...   (DIR: data/measured/<gpu> with measurements.csv,
params-kernels.ini, kernels.csv and mix-of/)

Every curve of the store mix gmem-store is fitted, the parameters the kinds
share held at params-kernels.ini's, in two forms: mem_lat, mem_thru and
chain_lat of its own (latmix's: sharpness factor 1.75), and those with a
sharpness factor of its own. AIC = n ln(RSS / n) + 2 k on relative errors.
The suite's store kernels are then predicted by the model latmix predict
--kernel evaluates (fit/model.c), a kernel with s stores a load taking the
factor 1.75 + s (f - 1.75), as it takes latency and memory time.
"""
import math, re, sys
import numpy as np
from scipy.optimize import least_squares
from study import ini, kernel_rate, knee, rows, warps_for


def chase(A, K, N, lat, thru, clat, f, q):
    m = lat + clat * np.log2(K)
    step = m + A * q['alu_lat']
    peak = np.minimum(thru, np.minimum(np.where(A > 0, q['alu_thru'] / np.maximum(A, 1e-30), np.inf),
                                       q['issue_thru'] / (A + 1)))
    return knee(N * K / step, peak, f * step / m)


def kernel(n, loads, stores, alpha, insts, st, q):
    """latmix's kernel step with s = stores / loads: latency, memory time and the
    sharpness factor each linear from gmem's (s = 0) to the store kind's (s = 1)."""
    s = stores / loads
    lat = q['mem_lat'] + s * (st['lat'] - q['mem_lat'])
    thru = 1 / (1 / q['mem_thru'] + s * (1 / st['thru'] - 1 / q['mem_thru']))
    return kernel_rate(n, loads, alpha, insts, lat, thru, q, 1.75 + s * (st['f'] - 1.75))


def main():
    for d in sys.argv[1:]:
        q = ini(d + '/params-kernels.ini')
        P = np.array([(float(r['alpha_value']), float(r['chains']), float(r['warps_per_cu']), float(r['mem_ipc']))
                      for r in rows(d + '/measurements.csv') if r['mix'] == 'gmem-store'
                      and r['coresident'] == 'yes' and math.isfinite(float(r['alpha_value']))])
        A, K, N, Y = P.T
        x0 = [math.log(q['mem_lat.gmem-store']), math.log(q['mem_thru.gmem-store']),
              math.log(q['chain_lat.gmem-store'])]
        print(f'{d}: {len(Y)} gmem-store points')
        meas = {}
        for r in rows(d + '/kernels.csv'):
            meas.setdefault(r['mix'], []).append((int(r['warps_per_cu']), float(r['elements_per_s'])))
        for form in ('1.75 (latmix)', 'fitted'):
            free = form == 'fitted'
            unpack = lambda x: (math.exp(x[0]), math.exp(x[1]), math.exp(x[2]), math.exp(x[3]) if free else 1.75)
            res = lambda x: chase(A, K, N, *unpack(x), q) / Y - 1
            x = least_squares(res, x0 + ([math.log(1.75)] if free else [])).x
            e = res(x)
            rss = float(e @ e)
            aic = len(Y) * math.log(rss / len(Y)) + 2 * len(x)
            lat, thru, clat, f = unpack(x)
            st = {'lat': lat, 'thru': thru, 'f': f}
            out = []
            for k in ('copy', 'scale', 'add', 'triad'):
                text = open(f'{d}/mix-of/{k}.txt').read()
                a = re.search(r'^predict: --loads (\S+) --stores (\S+) --alpha (\S+) --insts (\S+)', text, re.M)
                loads, stores, alpha, insts = (float(v) for v in a.groups())
                c = sorted(meas[k])
                n = [w for w, _ in c]
                y = [v for _, v in c]
                p = kernel(n, loads, stores, alpha, insts, st, q)
                out.append((k, n, y, p, loads))
            print(f'  sharpness {form:14s} mem_lat {lat:6.1f} mem_thru {thru:.5f} chain_lat {clat:6.1f} '
                  f'factor {f:.3f}  AIC {aic:9.1f}  RMS {100 * math.sqrt(rss / len(Y)):.2f}%')
            for k, n, y, p, loads in out:
                clk = np.array([float(r['clock_mhz']) * 1e6 for r in sorted(
                    (r for r in rows(d + '/kernels.csv') if r['mix'] == k), key=lambda r: int(r['warps_per_cu']))])
                it = p * 32 * 132 * clk / loads  # elements a second: loads a cycle per CU / loads an element
                err = it / np.array(y) - 1
                print(f'    {k:6s} RMS {100 * math.sqrt(float(err @ err) / len(err)):4.1f}%  '
                      f'90% warps measured {warps_for(list(zip(n, y)), 0.9):5.1f} predicted {warps_for(list(zip(n, it)), 0.9):5.1f}')


main()
