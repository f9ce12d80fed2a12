#!/usr/bin/python3
"""One store every two loads (s = 0.5), measured, against latmix's linear
interpolation between s = 0 and s = 1 (issue 22: add and triad).

usage: store-half.py LATMIX GPU_DIR LEASE_DIR
  GPU_DIR    data/measured/<gpu>: params-kernels.ini (gmem and the store kind)
  LEASE_DIR  this folder's <gpu>/ (run.sh): half.csv, the store chase storing
             chain 0's value only, at two chains (two loads and one store a
             step); kernels.csv, add and copy measured in the same lease

The s = 0.5 kind is fitted on half.csv (mem_lat and mem_thru of its own,
least squares on relative errors) with the rest held at params-kernels.ini's,
by the model latmix predict --kernel evaluates (fit/model.c: step = m +
alpha alu_lat with m = mem_lat + chain_lat log2(loads); bare = n loads /
step; peak = min(mem_thru, issue_thru loads / insts); x = peak (1 -
exp(-r^s))^(1/s), r = bare / peak, s = 1.75 step / m). add (2 loads, 1
store, alpha 8, 11 instructions) is then predicted from that kind alone and
by latmix predict as it is; both against the add measured in the lease.
"""
import csv, io, math, re, subprocess, sys
import numpy as np
from scipy.optimize import least_squares


def ini(path):
    sec, out = None, {}
    for line in open(path):
        m = re.match(r'\[(.*)\]', line)
        if m:
            sec = m.group(1)
        m = re.match(r'value = (\S+)', line)
        if m and sec:
            out[sec] = float(m.group(1))
    return out


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#')))


def kernel(n, loads, alpha, insts, lat, thru, q):
    m = lat + q['chain_lat'] * math.log2(loads)
    step = m + alpha * q['alu_lat']
    peak = min(thru, q['issue_thru'] * loads / insts)
    r = n * loads / step / peak
    s = 1.75 * step / m
    return peak * (-np.expm1(-r ** s)) ** (1 / s)


def warps90(n, y):
    top, prev = max(y), (0, 0.0)
    for a, b in zip(n, y):
        if b >= 0.9 * top:
            return prev[0] + (0.9 * top - prev[1]) / (b - prev[1]) * (a - prev[0])
        prev = (a, b)
    return math.nan


def main():
    latmix, gdir, ldir = sys.argv[1:]
    q = ini(gdir + '/params-kernels.ini')
    half = [r for r in rows(ldir + '/half.csv') if r['coresident'] == 'yes']
    A = np.array([float(r['alpha_value']) for r in half])
    N = np.array([float(r['warps_per_cu']) for r in half])
    Y = np.array([float(r['mem_ipc']) for r in half])
    res = lambda x: np.array([kernel(n, 2, a, 2 * (a + 1), math.exp(x[0]), math.exp(x[1]), q)
                              for n, a in zip(N, A)]) / Y - 1
    x = least_squares(res, [math.log(q['mem_lat']), math.log(q['mem_thru'])]).x
    lat, thru = math.exp(x[0]), math.exp(x[1])
    e = res(x)
    print(f'{ldir}: s = 0.5 kind from {len(Y)} points (alphas {sorted(set(A))}, two chains): '
          f'mem_lat {lat:.1f} cycles, mem_thru {thru:.5f} loads/cycle/CU, RMS {100 * math.sqrt(e @ e / len(e)):.2f}%')
    print(f'  latmix\'s interpolation at s = 0.5: mem_lat {q["mem_lat"] + 0.5 * (q["mem_lat.gmem-store"] - q["mem_lat"]):.1f}, '
          f'mem_thru {1 / (1 / q["mem_thru"] + 0.5 * (1 / q["mem_thru.gmem-store"] - 1 / q["mem_thru"])):.5f}')
    k = sorted(((int(r['warps_per_cu']), float(r['elements_per_s'])) for r in rows(ldir + '/kernels.csv')
                if r['mix'] == 'add'))
    n = [a for a, _ in k]
    y = [2 * b / 32 / 132 / 1e6 / float(r['clock_mhz']) for (a, b), r in
         zip(k, sorted((r for r in rows(ldir + '/kernels.csv') if r['mix'] == 'add'),
                       key=lambda r: int(r['warps_per_cu'])))]
    half_pred = [kernel(a, 2, 8, 11, lat, thru, q) for a in n]
    out = subprocess.run([latmix, 'predict', gdir + '/params-kernels.ini', '--loads', '2', '--stores', '1',
                          '--alpha', '8', '--insts', '11', '--csv', '--warps', ','.join(map(str, n))],
                         capture_output=True, text=True, check=True).stdout
    lin = [float(p['loads_per_cycle_per_cu']) for p in csv.DictReader(io.StringIO(out))]
    print(f'  add, measured in the lease: 90% of its top at {warps90(n, y):.1f} warps; at 64 warps {y[-1]:.4f} loads/cycle/CU')
    for name, p in (('linear interpolation (latmix now)', lin), ('the s = 0.5 kind', half_pred)):
        err = [(a - b) / b for a, b in zip(p, y)]
        rms = math.sqrt(sum(v * v for v in err) / len(err))
        print(f'  {name:34s} RMS {100 * rms:4.1f}%, 90% at {warps90(n, p):5.1f} warps, at 64 warps {p[-1]:.4f}')


main()
