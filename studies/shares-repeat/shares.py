#!/usr/bin/python3
"""shares.py DIR...: the misaligned shares of each DIR's measurements.csv as
latmix fit computes them (each shifted stream's three highest points over
its aligned twin's), and s1_shift's rate over copy's at 64 warps from its
kernels.csv (kernels-shift.csv where that is the file)."""
import csv, os, sys


def rows(path):
    return list(csv.DictReader(l for l in open(path) if not l.startswith('#')))


def plateau(m, mix):
    top = sorted(float(r['mem_ipc']) for r in m if r['mix'] == mix and r['coresident'] != 'no')[-3:]
    return sum(top) / len(top)


for d in sys.argv[1:]:
    m = rows(d + '/measurements.csv')
    serial = open(d + '/gpu.txt').read().splitlines()[1].split(', ')[1]
    ro = plateau(m, 'stream-shift') / plateau(m, 'stream')
    st = plateau(m, 'stream-store-shift') / plateau(m, 'stream-store')
    k = d + '/kernels.csv' if not os.path.exists(d + '/kernels-shift.csv') else d + '/kernels-shift.csv'
    at = {r['mix']: float(r['elements_per_s']) for r in rows(k) if r['warps_per_cu'] == '64'}
    print(f'{d} (serial {serial}): misaligned {ro:.3f}, misaligned_store {st:.3f}; '
          f's1_shift / copy at 64 warps {at["s1_shift"] / at["copy"]:.3f}')
