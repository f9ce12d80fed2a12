#!/usr/bin/python3
"""Lines a cycle per SM each kernel moves at its plateau (the mean of its
three highest points: warp loads plus warp stores an iteration times
iterations a cycle per SM), beside the sweep's stream mixes (the same mean)
and the chase store kinds' bounds (params-kernels.ini: mem_thru
times 1 + the kind's stores a load).

usage: lines.py DIR...   (DIR: a lease's results, kernels.csv,
measurements.csv and params-kernels.ini)"""
import configparser, csv, sys

LOADS = {'add': 2, 'triad': 2, 'copy': 1, 'sum': 1, 'fill': 0, 'add3': 3, 'add4': 4, 'copy2': 2,
         'scale2': 1, 'fill2': 0, 'sum3': 3, 'axpby': 2}
STORES = {'add': 1, 'triad': 1, 'copy': 1, 'sum': 0, 'fill': 1, 'add3': 1, 'add4': 1, 'copy2': 2,
          'scale2': 2, 'fill2': 2, 'sum3': 0, 'axpby': 1}


def rows(path):
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#')))


def top3(values):
    v = sorted(values, reverse=True)[:3]
    return sum(v) / len(v)


for d in sys.argv[1:]:
    print(f'{d}:')
    ks = rows(d + '/kernels.csv')
    for k in sorted(LOADS, key=lambda k: (STORES[k] / LOADS[k] if LOADS[k] else 9, k)):
        its = top3(float(r['elements_per_s']) / (float(r['clock_mhz']) * 1e6 * float(r['compute_units'])
                   * float(r['simd_width'])) for r in ks if r['mix'] == k)
        share = f'{STORES[k] / LOADS[k]:.2f}' if LOADS[k] else 'alone'
        print(f'  {k:7s} stores a load {share:5s}  lines/cycle/SM {its * (LOADS[k] + STORES[k]):.4f}')
    ms = rows(d + '/measurements.csv')
    for mix, per in (('stream', 1), ('stream-store', 2), ('stream-fill', 1)):
        print(f'  {mix:12s} (sweep)      lines/cycle/SM {per * top3(float(r["mem_ipc"]) for r in ms if r["mix"] == mix):.4f}')
    p = configparser.ConfigParser(inline_comment_prefixes=(';',))
    p.read(d + '/params-kernels.ini')
    for kind, share in (('', 0), ('.gmem-store-half', 0.5), ('.gmem-store', 1)):
        v = float(p['mem_thru' + kind]['value'])
        print(f'  chase{kind or " (gmem)"} bound, lines/cycle/SM {v * (1 + share):.4f}')
