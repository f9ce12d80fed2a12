#!/usr/bin/python3
"""drops.py: what sets where stencil3d's and transpose's measured curves drop.

Reads the shape variants measured in studies/drops/ (two
H200 leases) and studies/drops/nvidia-h100/ (one H100 lease), and the
suite's own sweeps (kernels.csv), and prints, per kernel variant:
  stencils: the largest fall from one measured occupancy to the next above
    16 warps that the occupancy after also stays under, and a line fitted to the iteration time after it,
    T = a + b ceil(n / 4) cycles (n warps per SM, 4 schedulers a SM: every
    warp of a scheduler issuing its iteration in turn, plus one wait), with
    its RMS, and how far under that line the points before the fall are;
    b against the parameter file's issue time for the loop on one scheduler,
    4 insts / issue_thru; and the share of the last iteration time before the
    fall that the line's issue term, ceil(n / 4) b, makes up;
  transposes: the peak, the first occupancy under 90% of it, and the median
    rate over 16-32 warps.
The suite's sweeps and parameter files it reads are those committed at
eff8f22 (serials 1653724065741 and 1652624817521; read with git show), which
the sweeps of the stream pairs replaced.
Python 3 with numpy and pandas; not part of the build or the tests.
Run from the repository root of a git checkout: /usr/bin/python3 studies/model-study/drops.py
"""
import configparser
import io
import math
import os
import re
import subprocess
import numpy as np
import pandas as pd

M = 'data/measured/'
SUITE = 'eff8f22:'  # the suite sweeps drops.txt was written from


def read_text(path):
    """A file's text; COMMIT:PATH from git."""
    if path.startswith(SUITE):
        return subprocess.run(['git', 'show', path], capture_output=True, text=True, check=True).stdout
    return open(path).read()


LEASES = [('H200 suite sweep, serial 1653724065741', SUITE + M + 'nvidia-h200/kernels.csv', 'h200'),
          ('H200 lease 1, serial 1652826072103', M + 'nvidia-h200/drops/lease1/shapes.csv', 'h200'),
          ('H200 lease 1, 2 warps a group', M + 'nvidia-h200/drops/lease1/groups2.csv', 'h200'),
          ('H200 lease 2, serial 1653724057360', M + 'nvidia-h200/drops/lease2/shapes.csv', 'h200'),
          ('H200 lease 4, serial 1654024197360', M + 'nvidia-h200/drops/lease4/shapes.csv', 'h200'),
          ('H100 suite sweep, serial 1652624817521', SUITE + M + 'nvidia-h100/kernels.csv', 'h100'),
          ('H100 lease 3, serial 1752624001973', M + 'nvidia-h100/drops/lease3/shapes.csv', 'h100'),
          ('H100 lease 5, serial 1654623007480', M + 'nvidia-h100/drops/lease5/shapes.csv', 'h100')]


def issue_thru(gpu):
    p = configparser.ConfigParser(inline_comment_prefixes=(';',))
    p.read_string(read_text(SUITE + M + f'nvidia-{gpu}/params-kernels.ini'))
    return float(p['issue_thru']['value'])


def insts(csv, mix):
    """Instructions an iteration as latmix counted the loop when it was measured
    (the --insts of mix-of/MIX.txt beside the CSV; lease 1's 2-warp run shares
    its shapes' counts)."""
    text = read_text(os.path.join(os.path.dirname(csv), 'mix-of', mix + '.txt'))
    return float(re.search(r'^predict: .*--insts (\S+)', text, re.M).group(1))


def stencil(mix, e, gpu, csv):
    n = e.warps_per_cu.values
    r = e.elements_per_s.values / 1e9
    t = e.cycles_per_group.values
    # a fall that lasts: the occupancy after it also under the one before it
    falls = [(r[c] / r[c - 1] - 1, c) for c in range(1, len(n) - 1) if n[c - 1] >= 16 and r[c + 1] < r[c - 1]]
    fall, c = min(falls) if falls else (0, len(n) - 1)
    line = f'  {mix:10s} largest fall {100 * fall:6.1f}% at {n[c - 1]:2d} -> {n[c]:2d} warps'
    q = np.ceil(n / 4)
    model_b = 4 * insts(csv, mix) / issue_thru(gpu)
    if fall > -0.10:
        return line + (f' (no cliff); ceil(n/4) 4 insts / issue_thru / T at {n[-1]} warps: '
                       f'{q[-1] * model_b / t[-1]:.2f}')
    post = np.arange(len(n)) >= c
    (a, b), *_ = np.linalg.lstsq(np.vstack([np.ones(post.sum()), q[post]]).T, t[post], rcond=None)
    fit = a + b * q
    rms = math.sqrt(np.mean(((t[post] - fit[post]) / t[post]) ** 2))
    pre = (~post) & (n >= n[c] - 8)
    under = (t[pre] - fit[pre]) / fit[pre]
    return (line + f'; after it T = {a:4.0f} + {b:5.1f} ceil(n/4) cycles (RMS {100 * rms:.1f}%, '
            f'{post.sum()} points); the 8 warps before: {100 * under.max():+.0f}% to {100 * under.min():+.0f}% '
            f'of the line; b / (4 insts / issue_thru = {model_b:.0f}) = {b / model_b:.2f}; '
            f'ceil(n/4) b / T at {n[c - 1]} warps: {q[c - 1] * b / t[c - 1]:.2f}')


def transpose(mix, e):
    n = e.warps_per_cu.values
    r = e.elements_per_s.values / 1e9
    i = r.argmax()
    under = next((n[j] for j in range(i, len(n)) if r[j] < 0.9 * r[i]), None)
    if mix in ('transpose', 't_const'):
        cols, rows = 4096, 16384
    else:
        cols, rows = (int(x) for x in mix[3:].split('_r'))
    mib = cols * rows * 4 / 2 ** 20
    return (f'  {mix:16s} out {mib:4.0f} MiB, lanes {rows * 4 // 1024:3d} KiB apart: peak {r[i]:5.1f} G/s at '
            f'{n[i]:2d} warps, under 90% of it from {under}, 16-32 warps {np.median(r[(n >= 16) & (n <= 32)]):5.1f}')


for label, path, gpu in LEASES:
    d = pd.read_csv(io.StringIO(read_text(path)), comment='#')
    print(label)
    for mix in sorted(d.mix.unique()):
        e = d[d.mix == mix].sort_values('warps_per_cu')
        if mix in ('stencil2d', 'stencil3d') or re.match(r's[29]?_', mix):
            print(stencil(mix, e, gpu, path))
        elif mix == 'transpose' or mix.startswith('t_'):
            print(transpose(mix, e))
