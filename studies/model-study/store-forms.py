#!/usr/bin/python3
"""Forms of the store term, compared by AIC (issue 22, item 2).

usage: store-forms.py LATMIX DIR...   (DIR: data/measured/<gpu> with
measurements.csv, params-kernels.ini, kernels.csv and mix-of/)

The store kind (gmem-store) is what a load costs when each load is followed
by a coalesced store. Its one-chain curves (what latmix fit used for a store
kind then; it now takes every curve: stores.txt) are fitted with the shared parameters held at params-kernels.ini's
(alu_lat, alu_thru, issue_thru), under four forms:

  none       the store costs nothing: the gmem kind as it is (0 parameters)
  bandwidth  mem_thru of its own, gmem's mem_lat (1)
  latency    mem_lat of its own, gmem's mem_thru (1)
  both       mem_lat and mem_thru of its own: latmix's (2)

The refined model for one chain, as fit/model.c has it: x = peak
(1 - exp(-r^s))^(1/s), r = n / (L peak), L = mem_lat + alpha alu_lat,
s = 1.75 L / mem_lat, peak = min(mem_thru, alu_thru / alpha, issue_thru /
(alpha + 1)); checked against `latmix predict -m gmem-store` below.

Least squares on relative errors; AIC = n ln(RSS / n) + 2 k. Each form's
parameters are then written into a copy of params-kernels.ini and the suite's
store kernels predicted from it by suite.py (latmix predict): RMS error.
"""
import csv, math, os, re, shutil, subprocess, sys, tempfile
import numpy as np
from scipy.optimize import least_squares
from study import ini

HERE = os.path.dirname(os.path.abspath(__file__))


def points(path):
    with open(path) as f:
        rows = [r for r in csv.DictReader(l for l in f if not l.startswith('#'))]
    P = [(float(r['alpha_value']), float(r['warps_per_cu']), float(r['mem_ipc'])) for r in rows
         if r['mix'] == 'gmem-store' and r['chains'] == '1' and r['coresident'] == 'yes'
         and math.isfinite(float(r['alpha_value']))]
    return np.array(P)


def model(A, N, lat, thru, q):
    L = lat + A * q['alu_lat']
    peak = np.minimum(thru, np.minimum(np.where(A > 0, q['alu_thru'] / np.maximum(A, 1e-30), np.inf),
                                       q['issue_thru'] / (A + 1)))
    s = 1.75 * L / lat
    r = N / (L * peak)
    return peak * (-np.expm1(-r ** s)) ** (1 / s)


FORMS = ['none', 'bandwidth', 'latency', 'both']


def fit(P, q, form):
    A, N, Y = P.T
    def unpack(x):
        lat, thru = q['mem_lat'], q['mem_thru']
        if form == 'bandwidth':
            thru = math.exp(x[0])
        elif form == 'latency':
            lat = math.exp(x[0])
        elif form == 'both':
            lat, thru = math.exp(x[0]), math.exp(x[1])
        return lat, thru
    x0 = {'none': [], 'bandwidth': [math.log(q['mem_thru'])], 'latency': [math.log(q['mem_lat'])],
          'both': [math.log(q['mem_lat']), math.log(q['mem_thru'])]}[form]
    res = lambda x: model(A, N, *unpack(x), q) / Y - 1
    x = least_squares(res, x0).x if x0 else np.array([])
    e = res(x)
    rss = float(e @ e)
    return unpack(x), len(x0), len(Y) * math.log(rss / len(Y)) + 2 * len(x0), math.sqrt(rss / len(Y))


def set_kind(text, key, value):
    return re.sub(r'(\[%s\.gmem-store\]\nvalue = )\S+' % key, lambda m: m.group(1) + repr(value), text)


def main():
    latmix, dirs = sys.argv[1], sys.argv[2:]
    for d in dirs:
        q = ini(d + '/params-kernels.ini')
        P = points(d + '/measurements.csv')
        both = ini(d + '/params-kernels.ini')
        # the Python model against latmix's, at the file's own store kind
        st = {'mem_lat': both['mem_lat.gmem-store'], 'mem_thru': both['mem_thru.gmem-store']}
        out = subprocess.run([latmix, 'predict', d + '/params-kernels.ini', '-m', 'gmem-store', '--alpha', '8',
                              '--warps', '24', '--csv'], capture_output=True, text=True).stdout
        print(f'{d}: {len(P)} one-chain gmem-store points; latmix predict alpha 8, 24 warps: '
              f'{out.strip().splitlines()[-1]}; this script: '
              f'{model(np.array([8.0]), np.array([24.0]), st["mem_lat"], st["mem_thru"], q)[0]:.6g}')
        print(f'  {"form":10s} {"k":>2s} {"mem_lat":>8s} {"mem_thru":>9s} {"AIC":>9s} {"RMS":>6s}  store kernels, RMS (suite.py)')
        for form in FORMS:
            (lat, thru), k, aic, rms = fit(P, q, form)
            with tempfile.TemporaryDirectory() as t:
                g = os.path.join(t, os.path.basename(d.rstrip('/')))
                os.mkdir(g)
                for f in ['kernels.csv', 'mix-of']:
                    src = os.path.join(d, f)
                    (shutil.copytree if os.path.isdir(src) else shutil.copy)(src, os.path.join(g, f))
                text = open(d + '/params-kernels.ini').read()
                text = set_kind(set_kind(text, 'mem_lat', lat), 'mem_thru', thru)
                open(g + '/params-kernels.ini', 'w').write(text)
                table = subprocess.run(['/usr/bin/python3', HERE + '/suite.py', latmix, g], capture_output=True,
                                       text=True).stdout
            kern = []
            for line in table.splitlines():
                c = [x.strip() for x in line.split('|')]
                if len(c) > 5 and c[2] in ('add', 'copy', 'scale', 'triad'):
                    kern.append(f'{c[2]} {c[4]}')
            print(f'  {form:10s} {k:2d} {lat:8.1f} {thru:9.5f} {aic:9.1f} {100 * rms:5.2f}%  ' + ', '.join(kern))


main()
