# the points latmix fits (fit/fit.c): co-resident; arithmetic-only (alpha inf) with one chain
import csv, math
def load(path, mix='gmem'):
    pts = []
    for r in csv.DictReader(l for l in open(path) if not l.startswith('#')):
        if r['coresident'] == 'no': continue
        a = r['alpha']
        if a == 'inf' and r['chains'] != '1': continue
        if r['mix'] == mix or (a == 'inf' and r['mix'] == 'gmem'):
            av = math.inf if a == 'inf' else float(r['alpha_value'])
            k = int(r['chains']); w = int(r['warps_per_cu'])
            y = float(r['alu_ipc'] if a == 'inf' else r['mem_ipc'])
            pts.append((av, w * k, y, k, w))
    return pts
