# n90 per alpha from C-fitted parameter files: measured, basic, refined (new: sharpness), refined (old: contention)
import sys, math, configparser, subprocess
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import numpy as np
from data import load
from proto import n90_data
def params(text):
    c = configparser.ConfigParser(); c.read_string(text)
    g = lambda k: float(c.get(k, 'value')) if c.has_section(k) and c.get(k, 'value') != 'missing' else float('nan')
    return {k: g(k) for k in ('alu_lat', 'mem_lat', 'alu_thru', 'mem_thru', 'issue_thru', 'sharpness', 'contention')}
def model(q, A, N, form):
    y = np.empty_like(N); inf = np.isinf(A); f = ~inf
    y[inf] = np.minimum(np.minimum(N[inf] / q['alu_lat'], q['alu_thru']), q['issue_thru'] if not math.isnan(q['issue_thru']) else np.inf)
    L = q['mem_lat'] + A[f] * q['alu_lat']; T = q['mem_thru']; r = N[f] / (L * T)
    if form == 'B': xm = np.minimum(N[f] / L, T)
    elif form == 'S': s = q['sharpness']; xm = T * (1 - np.exp(-r ** s)) ** (1 / s)
    elif form == 'K':
        a = T * L; b = a + N[f]; c = q['contention']; xm = T * 2 * N[f] / (b + np.sqrt((a - N[f]) ** 2 + 4 * c * N[f]))
    a_ = A[f].copy(); a_[a_ == 0] = 1e-300
    it = q['issue_thru'] if not math.isnan(q['issue_thru']) else np.inf
    y[f] = np.minimum.reduce([xm, it / (A[f] + 1), np.where(A[f] > 0, q['alu_thru'] / a_, np.inf)])
    return y
def n90(P, a, q, form):
    pts = [p[1] for p in P if p[0] == a]
    N = np.array(pts, float); y = model(q, np.full_like(N, a), N, form)
    v = sorted(zip(N, y)); ymax = max(t[1] for t in v); prev = (0, 0)
    for n, yy in v:
        if yy >= 0.9 * ymax:
            n0, y0 = prev; return n0 + (n - n0) * (0.9 * ymax - y0) / (yy - y0)
        prev = (n, yy)
csv, basic, refined = sys.argv[1:4]
old = subprocess.run(['git', '-C', '/work/main', 'show', 'HEAD:' + refined], capture_output=True, text=True).stdout
P = load('/work/main/' + csv)
multi = {p[0] for p in P if p[3] > 1}
al = sorted(a for a in {p[0] for p in P if not math.isinf(p[0])} if a in multi or a >= 64)
qb = params(open('/work/main/' + basic).read()); qr = params(open('/work/main/' + refined).read()); qo = params(old)
print("| alpha | measured | basic | refined (sharpness %.2f) | old refined (contention %.1f) |" % (qr['sharpness'], qo['contention']))
print("|---|---|---|---|---|")
for a in al:
    m = n90_data(P, a)
    f = lambda v: f"{v:.0f} ({100*(v/m-1):+.0f}%)"
    print(f"| {a:g} | {m:.0f} | {f(n90(P, a, qb, 'B'))} | {f(n90(P, a, qr, 'S'))} | {f(n90(P, a, qo, 'K'))} |")
