import sys, math, configparser
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import numpy as np
from data import load
from proto import n90_data
KNEE = float(__import__('os').environ.get('KS', '1.75'))  # fit/model.c KNEE_SHARPNESS
def params(path):
    c = configparser.ConfigParser(); c.read(path)
    g = lambda k: float(c.get(k, 'value')) if c.has_section(k) and c.get(k, 'value') != 'missing' else float('nan')
    return {k: g(k) for k in ('alu_lat', 'mem_lat', 'alu_thru', 'mem_thru', 'issue_thru', 'chain_lat')}
def model(q, A, N, K, refined):
    y = np.empty_like(N); inf = np.isinf(A); f = ~inf
    it = q['issue_thru'] if not math.isnan(q['issue_thru']) else np.inf
    y[inf] = np.minimum(np.minimum(N[inf] / q['alu_lat'], q['alu_thru']), it)
    L = q['mem_lat'] + A[f] * q['alu_lat']; T = q['mem_thru']
    a_ = A[f].copy(); a_[a_ == 0] = 1e-300
    cap = np.minimum.reduce([np.full_like(L, T), it / (A[f] + 1), np.where(A[f] > 0, q['alu_thru'] / a_, np.inf)])
    if refined:  # latmix's refined model (fit/model.h): a knee into every bound, s = KNEE step / memory part
        M = q['mem_lat'] + q['chain_lat'] * np.log2(K[f]); L = M + A[f] * q['alu_lat']
        s = KNEE * L / M; r = N[f] / (L * cap)
        y[f] = cap * (-np.expm1(-r ** s)) ** (1 / s)
    else:
        y[f] = np.minimum(N[f] / L, cap)
    return y, f
def n90(P, a, q, refined):
    pts = [(p[1], p[3]) for p in P if p[0] == a]
    N = np.array([n for n, k in pts], float); K = np.array([k for n, k in pts], float)
    y, _ = model(q, np.full_like(N, a), N, K, refined)
    v = sorted(zip(N, y)); ymax = max(t[1] for t in v); prev = (0, 0)
    for n, yy in v:
        if yy >= 0.9 * ymax:
            n0, y0 = prev; return n0 + (n - n0) * (0.9 * ymax - y0) / (yy - y0)
        prev = (n, yy)
csv, basic, ref = sys.argv[1:4]
P = load(csv)
A = np.array([p[0] for p in P]); N = np.array([float(p[1]) for p in P]); Y = np.array([p[2] for p in P]); K = np.array([float(p[3]) for p in P])
qb = params(basic); qr = params(ref)
for name, q, rf in (('basic', qb, False), ('refined', qr, True)):
    y, _ = model(q, A, N, K, rf); e = (y - Y) / Y
    one = K == 1
    print(f"{name}: rms one-chain {100*math.sqrt(np.mean(e[one]**2)):.1f}% multi-chain {100*math.sqrt(np.mean(e[~one]**2)):.1f}%")
multi = {p[0] for p in P if p[3] > 1}
al = sorted(a for a in {p[0] for p in P if not math.isinf(p[0])} if a in multi or a >= 64)
print("| alpha | measured | basic | refined |"); print("|---|---|---|---|")
for a in al:
    m = n90_data(P, a); f = lambda v: f"{v:.1f} ({100*(v/m-1):+.1f}%)"
    print(f"| {a:g} | {m:.1f} | {f(n90(P, a, qb, False))} | {f(n90(P, a, qr, True))} |")
