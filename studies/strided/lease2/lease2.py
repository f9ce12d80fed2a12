#!/usr/bin/python3
"""The second strided lease: loads whose lanes lie a sector or more apart,
predicted as latmix counts them now and as the lease's latmix (3d87ff0)
counted them, against what each GPU measured.

usage: lease2.py LATMIX   (run here; output: lease2.txt)

"now": the driver's PTX the lease kept (mix-of/<kernel>.txt, written by
latmix kernel --mix-of --binary) counted again by LATMIX; "then": that
file's own "predict:" line. Each GPU is predicted from its own sweep
(params-kernels.ini, fitted by scripts/fit-results.sh); rates in elements
(iterations) a second, RMS over the measured occupancies, 90% warps of the
best over them.
"""
import os, re, shutil, subprocess, sys, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../model-study'))
from strided import curve, predict, predict_line, score
from study import rows, warps_for

KERNELS = ('copy', 'stride4', 'stride8', 'stride16', 'stride32', 'stride64', 'gather', 'gather8')


def count_now(latmix, path, kernel):
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(tmp, kernel + '.ptx')
        shutil.copy(path, ptx)
        out = subprocess.run([latmix, 'kernel', '--mix-of', f'{ptx}:{kernel}'], capture_output=True,
                             text=True, check=True)
    return predict_line(out.stdout)


def main():
    latmix = os.path.abspath(sys.argv[1])
    print('| GPU | kernel | counted now | RMS | 90% warps measured / predicted | '
          'as counted then | RMS | 90% warps | at 64 warps, measured / now / then (G elements/s) |')
    print('|---|---|---|---|---|---|---|---|---|')
    for g in ('nvidia-h200', 'nvidia-h100'):
        ini = f'{g}/params-kernels.ini'
        runs = rows(f'{g}/kernels.csv')
        for k in KERNELS:
            meas = curve(runs, k)
            path = f'{g}/mix-of/{k}.txt'
            then, now = predict_line(open(path).read()), count_now(latmix, path, k)
            warps = [n for n, _ in meas]
            m90 = warps_for(meas, 0.9)
            row, last = [g, k], []
            for a in (now, then):
                pred = predict(latmix, ini, a, warps)
                rms, p90 = score(pred, meas)
                shown = re.sub(r'--loads 1 --stores 1 --alpha \S+ --insts \S+ ?', '', a) or '(coalesced)'
                row += [shown, f'{rms:.1f}%', f'{m90:.1f} / {p90:.1f} ({100 * (p90 - m90) / m90:+.0f}%)']
                last.append(pred[-1])
            row[-1] = row[-1].split(' / ')[1]
            row.append(f'{meas[-1][1] / 1e9:.1f} / {last[0] / 1e9:.1f} / {last[1] / 1e9:.1f}')
            print('| ' + ' | '.join(row) + ' |')


if __name__ == '__main__':
    main()
