import sys, math, collections
sys.path.insert(0, __import__('os').path.dirname(__import__('os').path.abspath(__file__)))
import numpy as np
from scipy.optimize import least_squares, brentq
from data import load

def xmem(form, N, L, T, e):
    r = N / (L * T)  # occupancy over the knee's
    if form == 'B': return np.minimum(N / L, T)
    if form == 'P': return N / L / (1 + r ** e) ** (1 / e)
    if form == 'K':  # n = X L + c rho^2/(1-rho), rho = X/T ; c = e
        a = T * L; c = e; b = a + N
        disc = (a - N) ** 2 + 4 * c * N
        return T * 2 * N / (b + np.sqrt(disc))
    if form == 'Q':  # latency grows linearly with utilisation: N = X L (1 + e X/T), capped
        x = np.where(e > 1e-9, (-1 + np.sqrt(1 + 4 * e * r)) / (2 * e) * T, N / L)
        return np.minimum(x, T)
    if form == 'E':  # 1 - exp, shape e
        return T * (1 - np.exp(-r ** e)) ** (1 / e)
    if form == 'M':  # MVA, closed network: delay Z = L - S, one queue S = 1/T, e servers (Seidmann)
        out = []
        for n in np.atleast_1d(N):
            m = max(e, 1.0); S = 1 / T
            Sq = S / m; Zd = L - Sq
            q = 0.0; x = 0.0
            nn = int(round(n))
            for i in range(1, nn + 1):
                R = Sq * (1 + q)
                x = i / (Zd + R)
                q = x * R
            out.append(x)
        return np.array(out)
    raise ValueError(form)

def chainlat(form2, L, k, d):
    return L + d * (k - 1) if form2 == 'C' else L

def predict(th, form, A, N, K, chain):
    alu_lat, mem_lat, alu_thru, issue_thru, mem_thru = th[:5]
    e = th[5] if len(th) > 5 else 0
    d = th[6] if len(th) > 6 else 0
    y = np.empty_like(N)
    inf = np.isinf(A)
    y[inf] = np.minimum(np.minimum(N[inf] / alu_lat, alu_thru), issue_thru)
    f = ~inf
    L = mem_lat + A[f] * alu_lat
    if chain: L = L + d * (K[f] - 1)
    xm = xmem(form, N[f], L, mem_thru, e)
    bounds = [xm, issue_thru / (A[f] + 1)]
    a = A[f].copy(); a[a == 0] = 1e-300
    bounds.append(np.where(A[f] > 0, alu_thru / a, np.inf))
    y[f] = np.minimum.reduce(bounds)
    return y

def fit(P, form, chain=False, extra0=None):
    A = np.array([p[0] for p in P]); N = np.array([float(p[1]) for p in P]); Y = np.array([p[2] for p in P]); K = np.array([p[3] for p in P])
    th0 = [4.3, 700, 3.7, 3.8, 0.12]
    lo = [0.1, 1, 0.01, 0.01, 1e-5]; hi = [100, 1e5, 100, 100, 100]
    if form != 'B':
        th0.append(extra0); lo.append({'P': 0.3, 'K': 0, 'Q': 0, 'E': 0.2, 'M': 1}[form]); hi.append({'P': 50, 'K': 1e4, 'Q': 100, 'E': 20, 'M': 512}[form])
    elif chain:
        th0.append(0); lo.append(-1); hi.append(1)
    if chain:
        if form != 'B' or True:
            if len(th0) == 5: th0.append(0); lo.append(-1); hi.append(1)
            th0.append(50); lo.append(0); hi.append(2000)
    res = lambda th: (predict(th, form, A, N, K, chain) - Y) / Y
    best = None
    for scale in (1.0, 0.8, 1.25):
        t0 = np.array(th0, float); t0[:5] *= scale
        t0 = np.clip(t0, np.array(lo) + 1e-9, np.array(hi) - 1e-9)
        try:
            r = least_squares(res, t0, bounds=(lo, hi), x_scale='jac', max_nfev=3000)
        except Exception as ex:
            continue
        if best is None or r.cost < best.cost: best = r
    r = best
    e = res(r.x)
    k = len(r.x) - (1 if (form == 'B' and chain) else 0)
    n = len(Y)
    aic = n * math.log(np.sum(e ** 2) / n) + 2 * k
    one = K == 1; fin = ~np.isinf(A)
    rms1 = math.sqrt(np.mean(e[one] ** 2)); rmsm = math.sqrt(np.mean(e[~one] ** 2)) if (~one).any() else float('nan')
    return r.x, aic, rms1, rmsm, e, (A, N, Y, K)

def n90_model(th, form, a, chain, k=1):
    # occupancy (warps x chains) where the model reaches 90% of its peak at alpha a
    Ns = np.arange(1, 2049, dtype=float)
    y = predict(th, form, np.full_like(Ns, a), Ns, np.full_like(Ns, k), chain)
    peak = y[-1]
    i = np.argmax(y >= 0.9 * peak)
    return Ns[i]

def n90_data(P, a):
    # measured: every chains count of alpha a together, as the fit's derived figure does
    v = sorted((p[1], p[2]) for p in P if p[0] == a)
    ymax = max(y for n, y in v)
    # the lowest occupancy with 90% of the best, interpolated
    prev = (0, 0)
    for n, y in v:
        if y >= 0.9 * ymax:
            n0, y0 = prev
            return n0 + (n - n0) * (0.9 * ymax - y0) / (y - y0)
        prev = (n, y)

if __name__ == '__main__':
    path = sys.argv[1] if len(sys.argv) > 1 else '/work/main/data/measured/nvidia-h200/tied/full.csv'
    mix = sys.argv[2] if len(sys.argv) > 2 else 'gmem'
    P = load(path, mix)
    alphas = sorted({p[0] for p in P if not math.isinf(p[0])})
    print(f"{len(P)} points; n90 measured: " + " ".join(f"{a:g}:{n90_data(P, a):.0f}" for a in alphas))
    for form, x0, chain in [('B', None, False), ('K', 5.0, False), ('P', 3.0, False), ('Q', 0.5, False), ('E', 1.5, False), ('B', None, True), ('P', 3.0, True)]:
        th, aic, r1, rm, e, _ = fit(P, form, chain, x0)
        n90 = " ".join(f"{a:g}:{n90_model(th, form, a, chain):.0f}" for a in alphas)
        print(f"{form}{'+chain' if chain else ''}: AIC {aic:.0f} rms one-chain {100*r1:.1f}% multi {100*rm:.1f}%  params {np.round(th, 4).tolist()}\n    n90 {n90}")
