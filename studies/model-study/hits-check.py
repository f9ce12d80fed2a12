#!/usr/bin/python3
"""hits-check.py LATMIX: the hits-in-flight rule checked on stencils without divisions.

The drops leases 4 to 7 (studies/drops/lease4 and lease6,
studies/drops/nvidia-h100/lease5 and lease7) measured the suite's
stencil2d, stencil3d, transpose, gather and copy beside copies with their rows
(and planes) fixed at build time, so that their loops hold no integer
division, the seven- and nine-point variants both ways, and copies behind
stencil2d's border test (c_div, c_div3, c_nodiv3, s2_hoist). For each kernel
this predicts the measured curve from the GPU's committed params-kernels.ini
through `latmix predict` with the loop latmix counted in that lease
(mix-of/KERNEL.txt): as it is ("as is": the hits in the step), with --hits 0,
and with --hits 0 and each 32-bit division's measured excess over its
instructions at alu_lat added to alpha ("+div": the excess is read from
leases 6 and 7, stencil2d against s2_const and c_div3 against c_nodiv3 at 1
warp). It prints the RMS relative error over the occupancies measured, the
mean error at 1-4 and at 8-32 warps and the warps for 90% of the highest rate
(measured, then predicted), beside the measured time of one iteration at 1
warp (cycles_per_group) and how far it lies over the store kind's mem_lat +
alpha alu_lat (every kernel here stores once a load), the step without hits
or chains.
Python 3 with numpy and pandas; not part of the build or the tests.
Run from the repository root: /usr/bin/python3 studies/model-study/hits-check.py build/latmix
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


LEASES = [('h200', 'nvidia-h200/drops/lease4'), ('h100', 'nvidia-h100/drops/lease5'),
          ('h200', 'nvidia-h200/drops/lease6'), ('h100', 'nvidia-h100/drops/lease7')]


def value(ini, section):
    return float(ini[section]['value'])


def predicted(latmix, params, args, warps):
    out = subprocess.run([latmix, 'predict', params, *args, '--warps', ','.join(map(str, warps)), '--csv'],
                         capture_output=True, text=True, check=True).stdout
    return pd.read_csv(io.StringIO(out))


def mix_of(lease, kernel):
    """The predict arguments and the 32-bit divisions latmix counted."""
    text = open(f'{M}{lease}/mix-of/{kernel}.txt').read()
    args = re.search(r'^predict: (.*)$', text, re.M).group(1).split()
    div = re.search(r'integer divisions, remainders +(\d+) \(32-bit\)', text)
    return args, int(div.group(1)) if div else 0


def alu_lat(gpu):
    ini = configparser.ConfigParser(inline_comment_prefixes=(';',))
    ini.read(M + f'nvidia-{gpu}/params-kernels.ini')
    return value(ini, 'alu_lat')


def division_excess():
    """Cycles a division's step takes over its counted instructions at
    alu_lat, at 1 warp: the mean over leases 6 and 7 of two pairs that differ
    by stencil2d's division alone."""
    got = []
    for gpu, lease in LEASES[2:]:
        d = pd.read_csv(M + lease + '/shapes.csv', comment='#')
        one = {k: d[d.mix == k].sort_values('warps_per_cu').cycles_per_group.iloc[0] for k in d.mix.unique()}
        for without, with_ in (('s2_const', 'stencil2d'), ('c_nodiv3', 'c_div3')):
            alpha = [float(mix_of(lease, k)[0][mix_of(lease, k)[0].index('--alpha') + 1]) for k in (without, with_)]
            got.append(one[with_] - one[without] - (alpha[1] - alpha[0]) * alu_lat(gpu))
            print(f'# {gpu} {lease[-6:]}: {without} -> {with_}, one division: {one[with_] - one[without]:+.0f} '
                  f'cycles at 1 warp, {(alpha[1] - alpha[0]) * alu_lat(gpu):+.0f} at alu_lat')
    print(f'# a division\'s excess: {np.mean(got):.0f} cycles (mean of {", ".join(f"{g:.0f}" for g in got)})')
    return float(np.mean(got))


def main():
    latmix = sys.argv[1]
    excess = division_excess()
    for gpu, lease in LEASES:
        params = M + f'nvidia-{gpu}/params-kernels.ini'
        ini = configparser.ConfigParser(inline_comment_prefixes=(';',))
        ini.read(params)
        lat, alu = value(ini, 'mem_lat.gmem-store'), value(ini, 'alu_lat')
        serial = open(M + lease + '/gpu.txt').read().split('\n')[1].split(', ')[1]
        print(f'{gpu} {lease[-6:]} (serial {serial}; params-kernels.ini of the committed sweep)')
        data = pd.read_csv(M + lease + '/shapes.csv', comment='#')
        for k in sorted(data.mix.unique()):
            d = data[data.mix == k].sort_values('warps_per_cu')
            args, divisions = mix_of(lease, k)
            cols = []
            for name in ('as is', 'no hits', '+div'):
                a = list(args)
                if name != 'as is':
                    if '--hits' not in a and not (name == '+div' and divisions):
                        continue
                    if '--hits' in a:
                        a[a.index('--hits') + 1] = '0'
                if name == '+div':
                    i = a.index('--alpha')
                    a[i + 1] = str(float(a[i + 1]) + divisions * excess / alu)
                m = d.merge(predicted(latmix, params, a, d.warps_per_cu), on='warps_per_cu')
                e = (m.iterations_per_s - m.elements_per_s) / m.elements_per_s
                w = m.warps_per_cu.values.astype(float)
                cols.append(f'{name}: RMS {100 * np.sqrt(np.mean(e ** 2)):4.1f}%, 1-4 warps '
                            f'{100 * e[m.warps_per_cu <= 4].mean():+3.0f}%, 8-32 '
                            f'{100 * e[(m.warps_per_cu >= 8) & (m.warps_per_cu <= 32)].mean():+3.0f}%, '
                            f'90% at {n90(w, m.iterations_per_s.values):4.1f}')
            w = d.warps_per_cu.values.astype(float)
            one = d.cycles_per_group.iloc[0]
            alpha = float(args[args.index('--alpha') + 1])
            over = ('' if any(a.startswith('--scattered') for a in args)  # another kind's latency
                    else f', {one - lat - alpha * alu:+4.0f} over mem_lat + alpha alu_lat')
            print(f'  {k:13s} {" ".join(args):70s} 1 warp: {one:4.0f} cycles{over}; '
                  f'90% at {n90(w, d.elements_per_s.values):4.1f} | ' + ' | '.join(cols))


main()
