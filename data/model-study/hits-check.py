#!/usr/bin/python3
"""hits-check.py LATMIX: the hits-in-flight rule checked on stencils without divisions.

The fourth and fifth drops leases (data/measured/nvidia-h200/drops/lease4,
data/measured/nvidia-h100/drops/lease5) measured the suite's stencil2d,
stencil3d, transpose and gather beside copies with their rows (and planes)
fixed at build time, so that their loops hold no integer division, and the
seven- and nine-point variants both ways. For each kernel this predicts the
measured curve from the GPU's committed params-kernels.ini through `latmix
predict` with the loop latmix counted in that lease (mix-of/KERNEL.txt), as it
is ("as is": the hits in the step) and with --hits 0, and prints the RMS
relative error over the occupancies measured, the mean error at 1-4 warps and
the warps for 90% of the highest rate (measured, then predicted), beside the
measured time of one iteration at 1 warp (cycles_per_group) and how far it
lies over the store kind's mem_lat + alpha alu_lat (every kernel here stores
once a load), the step without hits or chains.
Python 3 with numpy and pandas; not part of the build or the tests.
Run from the repository root: /usr/bin/python3 data/model-study/hits-check.py build/latmix
"""
import configparser
import io
import re
import subprocess
import sys
import numpy as np
import pandas as pd

M = 'data/measured/'


def n90(w, r):
    """Warps where r first reaches 90% of its highest value, interpolated."""
    top = r.max()
    i = int(np.argmax(r >= 0.9 * top))
    if i == 0:
        return w[0]
    return w[i - 1] + (0.9 * top - r[i - 1]) / (r[i] - r[i - 1]) * (w[i] - w[i - 1])


def value(ini, section):
    return float(ini[section]['value'])


def predicted(latmix, params, args, warps):
    out = subprocess.run([latmix, 'predict', params, *args, '--warps', ','.join(map(str, warps)), '--csv'],
                         capture_output=True, text=True, check=True).stdout
    return pd.read_csv(io.StringIO(out))


def main():
    latmix = sys.argv[1]
    for gpu, lease in (('h200', 'nvidia-h200/drops/lease4'), ('h100', 'nvidia-h100/drops/lease5')):
        params = M + f'nvidia-{gpu}/params-kernels.ini'
        ini = configparser.ConfigParser(inline_comment_prefixes=(';',))
        ini.read(params)
        lat, alu = value(ini, 'mem_lat.gmem-store'), value(ini, 'alu_lat')
        serial = open(M + lease + '/gpu.txt').read().split('\n')[1].split(', ')[1]
        print(f'{gpu} (lease serial {serial}; params-kernels.ini of the committed sweep)')
        data = pd.read_csv(M + lease + '/shapes.csv', comment='#')
        for k in sorted(data.mix.unique()):
            d = data[data.mix == k].sort_values('warps_per_cu')
            text = open(f'{M}{lease}/mix-of/{k}.txt').read()
            args = re.search(r'^predict: (.*)$', text, re.M).group(1).split()
            cols = []
            for name in ('as is', 'no hits'):
                a = list(args)
                if name == 'no hits':
                    if '--hits' not in a:
                        continue
                    a[a.index('--hits') + 1] = '0'
                m = d.merge(predicted(latmix, params, a, d.warps_per_cu), on='warps_per_cu')
                e = (m.iterations_per_s - m.elements_per_s) / m.elements_per_s
                w = m.warps_per_cu.values.astype(float)
                cols.append(f'{name}: RMS {100 * np.sqrt(np.mean(e ** 2)):4.1f}%, 1-4 warps '
                            f'{100 * e[m.warps_per_cu <= 4].mean():+3.0f}%, 90% at {n90(w, m.iterations_per_s.values):4.1f}')
            w = d.warps_per_cu.values.astype(float)
            one = d.cycles_per_group.iloc[0]
            alpha = float(args[args.index('--alpha') + 1])
            over = ('' if any(a.startswith('--scattered') for a in args)  # another kind's latency
                    else f', {one - lat - alpha * alu:+4.0f} over mem_lat + alpha alu_lat')
            print(f'  {k:13s} {" ".join(args):70s} 1 warp: {one:4.0f} cycles{over}; '
                  f'90% at {n90(w, d.elements_per_s.values):4.1f} | ' + ' | '.join(cols))


main()
