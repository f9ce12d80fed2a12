"""What the model studies here share: reading a parameter file and a latmix
CSV, the warps for a share of a curve's top, and the refined model of a
kernel's loop as fit/model.c evaluates it (lm_model_eval_kernel)."""
import csv, math, re
import numpy as np


def ini(path):
    """Every section's value of a latmix parameter file: {section: value}."""
    sec, out = None, {}
    for line in open(path):
        m = re.match(r'\[(.*)\]', line)
        if m:
            sec = m.group(1)
        m = re.match(r'value = (\S+)', line)
        if m and sec:
            out[sec] = float(m.group(1))
    return out


def rows(path):
    """The rows of a latmix CSV, its '#' lines left out."""
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#')))


def warps_for(curve, f):
    """Least occupancy where the curve [(n, y)] reaches f of its maximum, interpolated."""
    top = max(y for _, y in curve)
    prev = (0, 0.0)
    for n, y in curve:
        if y >= f * top:
            n0, y0 = prev
            return n0 + (f * top - y0) / (y - y0) * (n - n0) if y > y0 else n
        prev = (n, y)
    return math.nan


def knee(bare, peak, s):
    """The refined model's approach to a bound: peak (1 - exp(-r^s))^(1/s), r = bare / peak."""
    r = bare / peak
    return peak * (-np.expm1(-r ** s)) ** (1 / s)


def kernel_rate(n, loads, alpha, insts, lat, thru, q, factor=1.75):
    """Loads a cycle per CU of a loop with `loads` loads in flight, at n warps:
    step = m + alpha alu_lat, m = lat + chain_lat log2(loads) (gmem's chain_lat,
    q's), peak = min(thru, issue_thru loads / insts), sharpness factor x step / m."""
    m = lat + q['chain_lat'] * math.log2(loads)
    step = m + alpha * q['alu_lat']
    peak = min(thru, q['issue_thru'] * loads / insts)
    return knee(np.asarray(n, dtype=float) * loads / step, peak, factor * step / m)
