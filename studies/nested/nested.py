#!/usr/bin/python3
"""Loops with a loop inside, counted by hand, predicted from each lease's own sweep.

usage: nested.py LATMIX   (run here; output: nested.txt)

latmix kernel --mix-of refuses gemv, gemv4 and gemv_t: their loop over rows holds
a loop over a row. Here the inner loop's mix is counted by hand from the driver's
PTX (mix-of/<kernel>.txt, the same on both GPUs) with latmix's own rules, per
step: the iterations over which each load moves to a new sector or line (gemv:
two unrolled iterations, a lane's 32-byte sector; gemv4: one, two sectors a lane;
gemv_t: one, four coalesced rows):
  - a coalesced load is a load; a load whose lanes lie a row apart (gemv's A) is
    a scattered load, one a sector the lane walks (its other words in the step
    are in that sector, as stencil1d's a[i+1] is in a[i]'s line: not counted);
  - the loads of x, one address for all the lanes, lie in one line a step: one
    hit in flight (as a stencil's rows are);
  - alpha is the step's instructions less its memory accesses, as --mix-of
    gives it for a loop whose loads feed no load.
Each row is predicted by latmix predict with the lease's params-kernels.ini;
"L1 cap": the same, capped where the L1 passes a warp's access one 128-byte
line a cycle (a load whose lanes lie a row apart: 32 cycles; x's: 1), the
cycles of a step's accesses summed. Elements here are bytes of A read. A
gemv's work-item does a whole row at a time, so a launch of R rows on T
work-items runs its last round of rows part full: the prediction times each
round at the occupancy it keeps (launch()), as the measurement does.
"""
import csv, io, math, os, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../model-study'))
from study import rows, warps_for

# kernel: (predict arguments per step, bytes of A a lane reads a step,
#          L1 cycles a step: lines of each access summed; 0: no cap)
COUNTS = {
    'sum': (None, 4, 0),
    'dot': (None, 8, 0),
    'gemv': ('--loads 1 --scattered-loads 1 --hits 1 --alpha 28 --insts 44', 32, 8 * 32 + 8),
    'gemv4': ('--loads 2 --scattered-loads 2 --hits 1 --alpha 26 --insts 58', 64, 16 * 32 + 16),
    'gemv_t': ('--loads 4 --hits 1 --alpha 18 --insts 26', 16, 0),
}


ROWS = 1048576  # the rows of every gemv here (their .ini's size)


def at(full, w):
    """The predicted rate at w warps a CU (full[i]: at i + 1), interpolated."""
    if w <= 1:
        return full[0] * w
    i = min(int(w), 63)
    return full[i - 1] + (w - i) * (full[i] - full[i - 1])


def launch(full, n, cus, k):
    """The rate of a launch at n warps a CU. A gemv's work-item does a whole row
    at a time: R rows on T work-items run floor(R / T) full rounds at n warps and
    a last round of the rest at the warps it keeps busy, each at the predicted
    rate of its occupancy."""
    if not k.startswith('gemv'):
        return full[n - 1]
    r = ROWS / (cus * n * 32)
    rest = r - math.floor(r)
    time = math.floor(r) / full[n - 1] + (rest / at(full, n * rest) if rest else 0)
    return r / time


def curve(path, k):
    return [(int(r['warps_per_cu']), float(r['bytes_per_s'])) for r in rows(path) if r['mix'] == k]


def score(pred, meas):
    """The RMS relative error of pred against the measured curve, and the warps
    for 90% of pred's best, as 'RMS%', 'warps (their error against measured's)'."""
    err = [(x - y) / y for x, (_, y) in zip(pred, meas)]
    rms = 100 * math.sqrt(sum(e * e for e in err) / len(err))
    m90, p90 = warps_for(meas, 0.9), warps_for(list(zip((n for n, _ in meas), pred)), 0.9)
    return [f'{rms:.1f}%', f'{p90:.1f} ({100 * abs(p90 - m90) / m90:.0f}%)']


def param(path, key):
    with open(path) as f:
        return float(next(l for l in f if l.startswith(key + ' =')).split('=')[1])


def main():
    latmix = sys.argv[1]
    print('| GPU | kernel | counted, a step | RMS | 90% warps measured | predicted | RMS, L1 cap | predicted, L1 cap |')
    print('|---|---|---|---|---|---|---|---|')
    for g in ('nvidia-h200', 'nvidia-h100'):
        ini = f'{g}/params-kernels.ini'
        clock, cus = param(ini, 'clock_mhz') * 1e6, param(ini, 'compute_units')
        for k, (args, step_bytes, l1) in COUNTS.items():
            meas = curve(f'{g}/kernels.csv', k)
            if args is None:
                text = open(f'{g}/mix-of/{k}.txt').read()
                args = next(l for l in text.splitlines() if l.startswith('predict: '))[9:]
            out = subprocess.run([latmix, 'predict', ini, *args.split(), '--csv', '--warps',
                                  ','.join(str(n) for n in range(1, 65))],
                                 capture_output=True, text=True, check=True)
            full = [float(p['iterations_per_s']) * step_bytes
                    for p in csv.DictReader(io.StringIO(out.stdout))]
            # a step's bytes for the warp: 32 lanes x step_bytes, over l1 cycles
            cap = 32 * step_bytes / l1 * cus * clock if l1 else math.inf
            pred = [launch(full, n, cus, k) for n, _ in meas]
            rms, p90 = score(pred, meas)
            row = [g, k, args, rms, f'{warps_for(meas, 0.9):.1f}', p90]
            if l1:
                row += score([launch([min(p, cap) for p in full], n, cus, k) for n, _ in meas], meas)
            else:
                row += ['', '']
            print('| ' + ' | '.join(row) + ' |')


main()
