import sys, math
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import numpy as np
from scipy.optimize import least_squares
from data import load
from proto import n90_data

def model(th, spec, A, N, K):
    alu_lat, mem_lat, alu_thru, issue_thru, mem_thru = th[:5]
    rest = list(th[5:])
    shape, chain = spec
    p = rest.pop(0) if shape.endswith('?') else None
    d = rest.pop(0) if chain else 0
    y = np.empty_like(N); inf = np.isinf(A)
    y[inf] = np.minimum(np.minimum(N[inf] / alu_lat, alu_thru), issue_thru)
    f = ~inf
    L = mem_lat + A[f] * alu_lat
    if chain == 'lin': L = L + d * (K[f] - 1)
    if chain == 'log': L = L + d * np.log2(K[f])
    if chain == 'logi':  # plus one issue cycle per instruction of the other chains (a warp issues one a cycle)
        L = L + d * np.log2(K[f]) + (K[f] - 1) * (A[f] + 1)
    if chain == 'iss':
        L = L + (K[f] - 1) * (A[f] + 1)
    if chain == 'rel': L = L * (1 + d * np.log2(K[f]))
    r = N[f] / (L * mem_thru)
    s = shape.rstrip('?')
    q = p if p is not None else float(s[1:]) if len(s) > 1 else None
    if s[0] == 'B': xm = np.minimum(N[f] / L, mem_thru)
    elif s[0] == 'P': xm = N[f] / L / (1 + r ** q) ** (1 / q)
    elif s[0] == 'E': xm = mem_thru * (1 - np.exp(-r ** q)) ** (1 / q)
    elif s[0] == 'K':  # latmix's refined model: N = X L + c rho^2 / (1 - rho)
        a_ = mem_thru * L; b_ = a_ + N[f]
        xm = mem_thru * 2 * N[f] / (b_ + np.sqrt((a_ - N[f]) ** 2 + 4 * q * N[f]))
    a = A[f].copy(); a[a == 0] = 1e-300
    y[f] = np.minimum.reduce([xm, issue_thru / (A[f] + 1), np.where(A[f] > 0, alu_thru / a, np.inf)])
    return y

def run(P, spec):
    th0 = [4.5, 700, 3.7, 3.8, 0.12]; lo = [0.1, 1, .01, .01, 1e-5]; hi = [100, 1e5, 100, 100, 100]
    if spec[0] == 'K?': th0.append(5.0); lo.append(0.0); hi.append(1e4)
    elif spec[0].endswith('?'): th0.append(2.0); lo.append(0.3); hi.append(50)
    if spec[1] == 'iss': pass
    elif spec[1]: th0.append(0.05 if spec[1] == 'rel' else 50); lo.append(0 if spec[1] != 'rel' else 0); hi.append(5 if spec[1] == 'rel' else 3000)
    return fit_rel(model, spec, P, th0, lo, hi)

def fit_rel(model, spec, P, th0, lo, hi):
    # plain least squares on relative errors from three starts; the best fit's
    # parameters, AIC, and RMS relative error of one-chain and multi-chain curves
    A = np.array([p[0] for p in P]); N = np.array([float(p[1]) for p in P]); Y = np.array([p[2] for p in P]); K = np.array([p[3] for p in P], float)
    res = lambda th: (model(th, spec, A, N, K) - Y) / Y
    best = None
    for sc in (1, .8, 1.25):
        t0 = np.clip(np.array(th0) * np.r_[[sc] * 5, [1] * (len(th0) - 5)], np.array(lo) + 1e-9, np.array(hi) - 1e-9)
        r = least_squares(res, t0, bounds=(lo, hi), x_scale='jac', max_nfev=4000)
        if best is None or r.cost < best.cost: best = r
    e = res(best.x); n = len(Y)
    aic = n * math.log(np.sum(e ** 2) / n) + 2 * len(best.x)
    one = K == 1
    return best.x, aic, math.sqrt(np.mean(e[one] ** 2)), math.sqrt(np.mean(e[~one] ** 2)) if (~one).any() else float('nan')

def n90m(th, spec, a, P, model=model):
    # the model at the measured points of alpha a (their occupancies and chains),
    # read the way the data are: lowest occupancy with 90% of the best
    pts = [(p[1], p[3]) for p in P if p[0] == a]
    N = np.array([float(n) for n, k in pts]); K = np.array([float(k) for n, k in pts])
    y = model(th, spec, np.full_like(N, a), N, K)
    v = sorted(zip(N, y))
    ymax = max(t[1] for t in v)
    prev = (0, 0)
    for n, yy in v:
        if yy >= 0.9 * ymax:
            n0, y0 = prev
            return n0 + (n - n0) * (0.9 * ymax - y0) / (yy - y0)
        prev = (n, yy)

def main(run, n90m, specs, w0, w1):
    """argv: CSV [MIX] [SPEC...]; fits each spec (default specs) and prints a line per spec,
    its shape and chain term in columns w0 and w1 wide."""
    path = sys.argv[1]; mix = sys.argv[2] if len(sys.argv) > 2 else 'gmem'
    P = load(path, mix)
    multi = {p[0] for p in P if p[3] > 1}
    al = sorted(a for a in {p[0] for p in P if not math.isinf(p[0])} if a in multi or a >= 64)
    meas = {a: n90_data(P, a) for a in al}
    print(f"{mix}: {len(P)} points; n90 measured: " + " ".join(f"{a:g}:{meas[a]:.0f}" for a in al))
    for spec in (eval(x) for x in sys.argv[3:]) if len(sys.argv) > 3 else specs:
        th, aic, r1, rm = run(P, spec)
        dev = [n90m(th, spec, a, P) / meas[a] - 1 for a in al]
        print(f"{spec[0]:{w0}s}+{str(spec[1]):{w1}s} k={len(th)-5}: AIC {aic:7.0f} rms1 {100*r1:4.1f}% multi {100*rm:4.1f}% n90 dev " +
              " ".join(f"{a:g}:{100*d:+.0f}%" for a, d in zip(al, dev)) + f"  extra {np.round(th[5:], 3).tolist()} mem_lat {th[1]:.0f} mem_thru {th[4]:.4f}")

if __name__ == '__main__':
    main(run, n90m, [('B', None), ('P?', None), ('E?', None), ('P2', 'lin'), ('P2', 'log'), ('P2', 'rel'), ('E1', 'log'),
                     ('E2', 'log'), ('P3', 'log'), ('B', 'log'), ('P?', 'log')], 3, 4)
