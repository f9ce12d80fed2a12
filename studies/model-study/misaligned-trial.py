#!/usr/bin/python3
"""A trial, not kept in latmix (issue 22, tenth round): the suite's stencils,
whose loops hold a misaligned load, predicted with the memory bounds of
params-kernels.ini (mem_thru of gmem and of both store kinds) scaled by f, the
rate a copy with a misaligned load kept of an aligned copy's at 64 warps in
the hits leases (0.87-0.88, ../hits-lease/README.md).

Superseded: the default sweep now measures the misaligned shares (stream
pairs) and predict prices them (README.md, "Misaligned loads priced"). The
trial reads the sweeps it was run on, committed at eff8f22, with git show.

usage: misaligned-trial.py   (from this directory; writes nothing but /tmp/mis-*)
"""
import csv, io, math, os, re, subprocess, sys
from suite import measured
from study import warps_for
LATMIX = sys.argv[1] if len(sys.argv) > 1 else '../../build/latmix'


def old(path):
    """path (under ..) as committed at eff8f22"""
    return subprocess.run(['git', 'show', 'eff8f22:data/' + path[3:]], capture_output=True, text=True,
                          check=True).stdout


def run(d, k, f):
    """RMS error, 90% warps measured and predicted of kernel k of DIR d, its
    memory bounds scaled by f."""
    tmp = '/tmp/mis-' + os.path.basename(d.rstrip('/'))
    os.makedirs(tmp, exist_ok=True)
    text = old(d + '/params-kernels.ini')
    text = re.sub(r'(\[mem_thru(?:\.gmem-store|\.gmem-store-half)?\]\nvalue = )([0-9.e-]+)',
                  lambda m: m.group(1) + repr(float(m.group(2)) * f), text)
    open(tmp + '/p.ini', 'w').write(text)
    open(tmp + '/kernels.csv', 'w').write(old(d + '/kernels.csv'))
    meas = measured(tmp + '/kernels.csv')[k]
    args = re.search(r'^predict: (.*)$', old(f'{d}/mix-of/{k}.txt'), re.M).group(1).split()
    out = subprocess.run([LATMIX, 'predict', tmp + '/p.ini', *args, '--csv', '--warps',
                          ','.join(str(n) for n, _ in meas)], capture_output=True, text=True).stdout
    pred = list(csv.DictReader(io.StringIO(out)))
    err = [(float(p['iterations_per_s']) - y) / y for p, (_, y) in zip(pred, meas)]
    rms = math.sqrt(sum(e * e for e in err) / len(err))
    w = warps_for([(n, float(p['iterations_per_s'])) for (n, _), p in zip(meas, pred)], 0.9)
    return rms, warps_for(meas, 0.9), w

def main():
    for d in ['../../data/measured/nvidia-h200', '../../data/measured/nvidia-h100']:
        for k in ['stencil1d', 'stencil2d', 'stencil3d']:
            for f in (1.0, 0.87):
                rms, wm, wp = run(d, k, f)
                print(f'{d.split("/")[-1]} {k:10s} f={f:.2f} RMS {100 * rms:5.1f}%  90% warps {wm:.1f} / '
                      f'{wp:.1f} ({100 * abs(wp / wm - 1):.0f}%)')


if __name__ == "__main__":
    main()
