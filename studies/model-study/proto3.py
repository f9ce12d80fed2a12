"""Forms of the refined model fitted to one mix's curves (issue 11, item 4, second round).

proto3.py CSV [MIX] [SPEC...]: plain least squares on relative errors over the points latmix
fits (data.py), three starts; prints AIC, the RMS relative error of one-chain and of
multi-chain curves, and the warps needed for 90% of the peak per alpha against the measured
value (proto.n90_data). A SPEC is (shape, chain term):

shape  E2  memory's knee only: mem_thru (1 - exp(-r^2))^(1/2), the others sharp (last release)
       F2  the knee into whichever bound binds, s = 2 everywhere
       FSv the knee into whichever bound binds, s = S x step / memory part (S = 1.5 .. 2.5)
       Fv? the same with S fitted (a parameter more)
       FSvP  s = S x (step / memory part)^P (FSv? : P fitted; Fv?? : both)
chain  log   step + d log2(chains)
       logm  the same, and k chains' adds take at least k alpha issue cycles (a warp issues
             one instruction a cycle on NVIDIA: no parameter, a vendor fact)
       logi  step + d log2(chains) + (chains - 1)(alpha + 1) (issue cycles added, not maxed)
"""
import sys, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import numpy as np
from proto2 import fit_rel, main, n90m as n90m_of

def n90m(th, spec, a, P):
    return n90m_of(th, spec, a, P, model)

def model(th, spec, A, N, K):
    alu_lat, mem_lat, alu_thru, issue_thru, mem_thru = th[:5]
    rest = list(th[5:])
    shape, chain = spec
    S = rest.pop(0) if shape.startswith('Fv?') else None
    pw = shape[1:].split('v')[1] if 'v' in shape else ''
    pw = (rest.pop(0) if pw == '?' else float(pw)) if pw else 1.0
    d = rest.pop(0) if chain else 0.0
    y = np.empty_like(N); inf = np.isinf(A); f = ~inf
    y[inf] = np.minimum(np.minimum(N[inf] / alu_lat, alu_thru), issue_thru)
    M = mem_lat + d * np.log2(K[f])
    if chain == 'logm': L = M + A[f] * np.maximum(alu_lat, K[f])
    elif chain == 'logi': L = M + A[f] * alu_lat + (K[f] - 1) * (A[f] + 1)
    else: L = M + A[f] * alu_lat
    a = A[f].copy(); a[a == 0] = 1e-300
    cap = np.minimum.reduce([np.full_like(L, mem_thru), issue_thru / (A[f] + 1), np.where(A[f] > 0, alu_thru / a, np.inf)])
    if shape == 'E2':
        r = N[f] / (L * mem_thru)
        y[f] = np.minimum(mem_thru * np.sqrt(-np.expm1(-r * r)), cap)
        return y
    if shape == 'F2': s = 2.0
    else:
        c = shape[1:].split('v')[0]
        s = (S if S is not None else float(c)) * (L / M) ** pw
    r = N[f] / (L * cap)
    y[f] = cap * (-np.expm1(-r ** s)) ** (1 / s)
    return y

def run(P, spec):
    th0 = [4.5, 700, 3.7, 3.8, 0.12]; lo = [0.1, 1, .01, .01, 1e-5]; hi = [100, 1e5, 100, 100, 100]
    if spec[0].startswith('Fv?'): th0.append(2.0); lo.append(0.3); hi.append(20)
    if spec[0].endswith('v?') and spec[0] != 'Fv?' or spec[0] == 'Fv??': th0.append(1.0); lo.append(0); hi.append(6)
    if spec[1]: th0.append(50); lo.append(0); hi.append(3000)
    return fit_rel(model, spec, P, th0, lo, hi)

if __name__ == '__main__':
    main(run, n90m, [('E2', 'log'), ('F2', 'log'), ('F1.5v', 'log'), ('F1.75v', 'log'), ('F2v', 'log'), ('F2.5v', 'log'),
                     ('Fv?', 'log'), ('F1.75v', 'logm'), ('F1.75v', 'logi')], 6, 5)
