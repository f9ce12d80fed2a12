#!/usr/bin/python3
"""Strided loops predicted with the gap bytes and without (as latmix priced
them before: at the bytes a lane moves), against what each lease measured.

usage: strided.py LATMIX   (run here; output: strided.txt)

Each kernel's count is its mix-of/<kernel>.txt as the lease's latmix wrote
it from the driver's PTX (its "predict:" line); "as moved" is the same line
without --load-bytes and --store-bytes, every access at its own 4 bytes.
Each GPU is predicted from its own sweep (params-kernels.ini, fitted by
scripts/fit-results.sh). Rates compared in elements (iterations) a second;
RMS over the measured occupancies, and the warps for 90% of the best.
"""
import csv, io, math, os, re, subprocess, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../model-study'))
from study import rows, warps_for

KERNELS = ('copy', 'stride2', 'stride4', 'aos2', 'sstore2', 'aosstore')


def predict(latmix, ini, args, warps):
    out = subprocess.run([latmix, 'predict', ini, *args.split(), '--csv', '--warps',
                          ','.join(str(n) for n in warps)], capture_output=True, text=True, check=True)
    return [float(p['iterations_per_s']) for p in csv.DictReader(io.StringIO(out.stdout))]


def predict_line(text):
    """The arguments of a count's "predict:" line (latmix kernel --mix-of's output)."""
    return next(l for l in text.splitlines() if l.startswith('predict: '))[9:].strip()


def curve(runs, kernel):
    """A kernel's measured (warps, elements a second) from a kernels.csv's rows."""
    return [(int(r['warps_per_cu']), float(r['elements_per_s'])) for r in runs if r['mix'] == kernel]


def score(pred, meas):
    """RMS relative error of pred against meas [(n, y)], and its 90% warps."""
    err = [(p - y) / y for p, (_, y) in zip(pred, meas)]
    rms = 100 * math.sqrt(sum(e * e for e in err) / len(err))
    return rms, warps_for(list(zip((n for n, _ in meas), pred)), 0.9)


def main():
    latmix = sys.argv[1]
    print('| GPU | kernel | counted | RMS | 90% warps measured / predicted | as moved: RMS | 90% warps | '
          'at 64 warps, measured / counted / as moved (G elements/s) |')
    print('|---|---|---|---|---|---|---|---|')
    for g in ('nvidia-h200', 'nvidia-h100'):
        ini = f'{g}/params-kernels.ini'
        runs = rows(f'{g}/kernels.csv')
        for k in KERNELS:
            meas = curve(runs, k)
            args = predict_line(open(f'{g}/mix-of/{k}.txt').read())
            moved = re.sub(r' --(load|store)-bytes \S+', '', args)
            warps = [n for n, _ in meas]
            m90 = warps_for(meas, 0.9)
            row = [g, k, args]
            for a in (args, moved):
                pred = predict(latmix, ini, a, warps)
                rms, p90 = score(pred, meas)
                row += [f'{rms:.1f}%', f'{m90:.1f} / {p90:.1f} ({100 * (p90 - m90) / m90:+.0f}%)']
                last = pred[-1]
                row.append(last)
            counted, as_moved = row[5], row[8]
            del row[5], row[7]
            row.append(f'{meas[-1][1] / 1e9:.1f} / {counted / 1e9:.1f} / {as_moved / 1e9:.1f}')
            print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    main()
