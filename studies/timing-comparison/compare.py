#!/usr/bin/python3
"""Side by side: the same points measured with --timing fixed-time and with
stop-flag (and fixed-work for C). Ratio of the measured rate (memory steps per
cycle per SM; adds per cycle per SM where alpha is inf), other / fixed-time.
Run from this directory: /usr/bin/python3 compare.py (needs pandas)."""
import numpy as np
import pandas as pd

KEY = ['mix', 'alpha', 'chains', 'warps_per_cu']


def rate(d):
    inf = d.alpha.astype(str) == 'inf'
    return np.where(inf, d.alu_ipc, d.mem_ipc)


for part, others in (('A', ['stop-flag']), ('B', ['stop-flag']), ('C', ['stop-flag', 'fixed-work'])):
    ft = pd.read_csv(f'{part}-fixed-time.csv', comment='#')
    ft['v'] = rate(ft)
    for other in others:
        o = pd.read_csv(f'{part}-{other}.csv', comment='#')
        o['v'] = rate(o)
        m = ft.merge(o, on=KEY, suffixes=('_ft', '_o'))
        m['ratio'] = m.v_o / m.v_ft
        m['dev'] = (m.ratio - 1).abs()
        print(f'== {part}: {other} / fixed-time, {len(m)} points')
        g = m.groupby(['mix', 'chains'])
        print(pd.DataFrame({'points': g.ratio.count(), 'median': g.ratio.median(),
                            'min': g.ratio.min(), 'max': g.ratio.max(),
                            'within_1pct': g.dev.apply(lambda s: (s <= 0.01).mean())}).round(4).to_string())
        w = m.sort_values('dev', ascending=False).head(5)
        print('worst:')
        print(w[KEY + ['v_ft', 'v_o', 'ratio']].round(4).to_string(index=False))
