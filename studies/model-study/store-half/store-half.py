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
import csv, io, math, os, subprocess, sys
import numpy as np
from scipy.optimize import least_squares

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from study import ini, kernel_rate, rows, warps_for  # noqa: E402


def main():
    latmix, gdir, ldir = sys.argv[1:]
    q = ini(gdir + '/params-kernels.ini')
    half = [r for r in rows(ldir + '/half.csv') if r['coresident'] == 'yes']
    A = np.array([float(r['alpha_value']) for r in half])
    N = np.array([float(r['warps_per_cu']) for r in half])
    Y = np.array([float(r['mem_ipc']) for r in half])
    res = lambda x: np.array([kernel_rate(n, 2, a, 2 * (a + 1), math.exp(x[0]), math.exp(x[1]), q)
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
    half_pred = list(kernel_rate(n, 2, 8, 11, lat, thru, q))
    out = subprocess.run([latmix, 'predict', gdir + '/params-kernels.ini', '--loads', '2', '--stores', '1',
                          '--alpha', '8', '--insts', '11', '--csv', '--warps', ','.join(map(str, n))],
                         capture_output=True, text=True, check=True).stdout
    lin = [float(p['loads_per_cycle_per_cu']) for p in csv.DictReader(io.StringIO(out))]
    print(f'  add, measured in the lease: 90% of its top at {warps_for(list(zip(n, y)), 0.9):.1f} warps; at 64 warps {y[-1]:.4f} loads/cycle/CU')
    for name, p in (('linear interpolation (latmix now)', lin), ('the s = 0.5 kind', half_pred)):
        err = [(a - b) / b for a, b in zip(p, y)]
        rms = math.sqrt(sum(v * v for v in err) / len(err))
        print(f'  {name:34s} RMS {100 * rms:4.1f}%, 90% at {warps_for(list(zip(n, p)), 0.9):5.1f} warps, at 64 warps {p[-1]:.4f}')


main()
