#!/usr/bin/python3
"""Models of one-element kernels (nd-*) from the grid-stride rate, work-group dispatch and waves.

Run from the repository root:  /usr/bin/python3 studies/nd-model/fit.py
Writes studies/nd-model/results.md (tables) and predictions.csv (every point, every model).
Inputs: data/measured/nvidia-h100/kernels.csv (run a, serial 1793026094993) and its params.ini
(dispatch_thru, group_cost); studies/nd-model/gs-model/*.csv (predict.sh: latmix predict's
grid-stride curves); studies/written-lease/run-c/kernels.csv.gz (a second H100, checked only).
"""
import configparser
import math
import os
import sys

import numpy as np
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
H100 = os.path.join(ROOT, "data/measured/nvidia-h100")
RUNC = os.path.join(ROOT, "studies/written-lease/run-c/kernels.csv.gz")

ini = configparser.ConfigParser(inline_comment_prefixes=(";",))
ini.read(os.path.join(H100, "params.ini"))
DT = float(ini["dispatch_thru"]["value"]) * 1e6  # groups/s per CU
GC = float(ini["group_cost"]["value"]) * 1e-9  # s a group holds its slot doing nothing
CU = int(ini["device"]["compute_units"])
SIMD = 32

# nd kernel -> (grid-stride kernel measured in the suite or None, gs-model file, N work-items)
ND = {
    "nd-copy": ("copy", "copy", 134217728),
    "nd-mul": ("scale", "scale", 134217728),
    "nd-add": ("add", "add", 134217728),
    "nd-triad": ("triad", "triad", 134217728),
    "nd-nstream": (None, "nstream", 134217728),
    "nd-transpose": (None, "transpose", 4096 * 16384),
    "nd-conv2d": (None, "conv2d", 4096 * 8192),
}
ONE_D = ["nd-copy", "nd-mul", "nd-add", "nd-triad", "nd-nstream"]


def read(path):
    return pd.read_csv(path, comment="#")


class Curve:
    """A grid-stride rate R(W) in elements/s (whole device) at any real W >= 0: linear in
    W below the first point (the latency-bound limit), linear between points, flat past 64."""

    def __init__(self, w, r, name):
        o = np.argsort(w)
        self.w, self.r, self.name = np.asarray(w, float)[o], np.asarray(r, float)[o], name

    def __call__(self, W):
        if W <= self.w[0]:
            return self.r[0] * W / self.w[0]
        return float(np.interp(W, self.w, self.r))

    def t(self, W):
        """a warp's time for one iteration (32 elements) when W warps a CU run: Little's law"""
        return W * SIMD * CU / self(W)


def measured_curve(d, mix):
    g = d[(d.mix == mix) & (d.timing == "fixed-work")]
    g = g.groupby("warps_per_cu").elements_per_s.mean()
    return Curve(g.index.values, g.values, "measured " + mix)


def model_curve(name):
    g = read(os.path.join(HERE, "gs-model", name + ".csv"))
    return Curve(g.warps_per_cu.values, g.iterations_per_s.values, "model " + name)


# ---- the candidates: each returns elements/s (whole device) at (R, wg, L, N) ----
def m0_capped(R, wg, L, N, gc=GC):
    """the grid-stride rate at the same warps, capped by dispatch; no group cost"""
    W = L * wg / SIMD
    return min(R(W), DT * CU * wg)


def m1_life(R, wg, L, N, gc=GC):
    """groups/s a CU = min(dt, L / (gc + t(W))), t(W) the loaded warp time at all W warps"""
    W = L * wg / SIMD
    return min(DT, L / (gc + R.t(W))) * CU * wg


def weff(R, W, gc):
    """warps in flight: the share of its life a warp spends on its element, W_e = W t/(t+gc)
    with t the warp time at W_e warps (solved by bisection: W_e - W t(W_e)/(t(W_e)+gc) rises)"""
    lo, hi = 1e-9, W
    for _ in range(60):
        m = 0.5 * (lo + hi)
        t = R.t(m)
        if m - W * t / (t + gc) > 0:
            hi = m
        else:
            lo = m
    return 0.5 * (lo + hi)


def m2_weff(R, wg, L, N, gc=GC):
    """latency hiding with gc added to each warp's element: the grid-stride rate at the warps
    that are in flight (W_e), capped by dispatch"""
    W = L * wg / SIMD
    return min(R(weff(R, W, gc)), DT * CU * wg)


def m3_waves(R, wg, L, N, gc=GC):
    """m2 and a finite grid: G groups on S = L x CUs slots of life T = gc + t(W_e), run in
    ceil(G/S) rounds when slots bind, or dispatched at dt with one life's tail when dispatch
    binds; rate = N / max of the two times"""
    W = L * wg / SIMD
    we = weff(R, W, gc)
    life = gc + R.t(we)
    G = N / wg
    # a slot's rate in the latency-hiding state is L/life groups/s a CU (= R(W_e)/CU/wg)
    t_slots = math.ceil(G / (L * CU)) * life
    t_disp = G / (DT * CU) + life
    return N / max(t_slots, t_disp)


BETA = 0.05  # M5's spread: the best of 0, 0.05, 0.1, ... on these data (README)


def m5_slowest(R, wg, L, N, gc=GC):
    """m2 with a group's slot held until its slowest warp ends: each warp idles gc plus
    BETA x t x (H_k - 1), H_k the k-th harmonic number (the mean of the largest of k
    exponential spreads), k the group's warps"""
    W = L * wg / SIMD
    H = sum(1.0 / i for i in range(1, wg // SIMD + 1))
    lo, hi = 1e-9, W
    for _ in range(60):
        m = 0.5 * (lo + hi)
        t = R.t(m)
        if m - W * t / (t + gc + BETA * t * (H - 1)) > 0:
            hi = m
        else:
            lo = m
    return min(R(0.5 * (lo + hi)), DT * CU * wg)


MODELS = [
    ("M0 gs rate, dispatch cap", m0_capped),
    ("M1 life L/(gc+t(W))", m1_life),
    ("M2 warps in flight W_e", m2_weff),
    ("M3 M2 + waves", m3_waves),
    ("M5 M2 + slowest warp", m5_slowest),
]


def w90(W, r, f=0.9):
    """fewest warps reaching f of the curve's highest point, linear between levels"""
    W, r = np.asarray(W, float), np.asarray(r, float)
    top = f * r.max()
    i = int(np.argmax(r >= top))
    if i == 0:
        return W[0]
    return W[i - 1] + (top - r[i - 1]) / (r[i] - r[i - 1]) * (W[i] - W[i - 1])


def series(d):
    nd = d[d.timing == "as-written"]
    for k in ND:
        for wg, g in nd[nd.mix == k].groupby("work_group_size"):
            yield k, int(wg), g.sort_values("groups_per_cu")


def evaluate(d, curves, models, gc=GC):
    rows = []
    for k, wg, g in series(d):
        for src, R in curves[k]:
            for mname, f in models:
                p = np.array([f(R, wg, int(L), ND[k][2], gc) for L in g.groups_per_cu])
                m = g.elements_per_s.values
                e = p / m - 1
                rows.append(dict(kernel=k, wg=wg, source=src, model=mname,
                                 rms=float(np.sqrt(np.mean(e ** 2))), worst=float(e[np.argmax(abs(e))]),
                                 w90_meas=w90(g.warps_per_cu, m), w90_pred=w90(g.warps_per_cu, p),
                                 levels=f"{g.groups_per_cu.min()}-{g.groups_per_cu.max()}",
                                 W=list(g.warps_per_cu), meas=list(m), pred=list(p)))
    r = pd.DataFrame(rows)
    r["w90_err"] = r.w90_pred / r.w90_meas - 1
    return r


def pct(x):
    return f"{100 * x:+.1f}%" if x == x else ""


def main():
    d = read(os.path.join(H100, "kernels.csv"))
    curves = {}
    for k, (gs, mod, _) in ND.items():
        c = []
        if gs:
            c.append(("measured", measured_curve(d, gs)))
        c.append(("model", model_curve(mod)))
        if k == "nd-transpose":  # a bracket: its store priced coalesced, as copy's
            c.append(("model as copy", model_curve("copy")))
        curves[k] = c
    r = evaluate(d, curves, MODELS)

    # one parameter fitted for diagnosis: the group cost the 1D series ask for (M2, measured gs)
    sel = lambda rr: rr[rr.kernel.isin(ONE_D)]
    gcs = np.arange(0, 401, 5) * 1e-9
    loss = []
    for gc in gcs:
        rr = sel(evaluate(d, curves, [("M2", m2_weff)], gc))
        loss.append(np.sqrt(np.mean(rr.rms ** 2)))
    gc_fit = gcs[int(np.argmin(loss))]
    fitted = [(f"M4 M2, gc fitted {gc_fit * 1e9:.0f} ns", lambda R, wg, L, N, gc: m2_weff(R, wg, L, N, gc_fit))]
    r = pd.concat([r, evaluate(d, curves, fitted)], ignore_index=True)

    # the second H100 (run c), the same predictions (inputs from run a and its params)
    dc = read(RUNC)
    rc = evaluate(dc, curves, MODELS[2:3])

    out = []
    w = out.append
    w("# nd-model: results (written by fit.py; do not edit)\n")
    w(f"H100 run a (serial 1793026094993): dispatch_thru {DT / 1e6:.3f} groups/us/CU, "
      f"group_cost {GC * 1e9:.1f} ns, {CU} CUs. RMS: relative error over the levels of one "
      "(kernel, work-group size) series; w90: fewest warps for 90% of the series' highest "
      "rate (linear between levels), measured and predicted, each of its own curve.\n")
    w("## Summary: RMS over the series (root mean square of the series' RMS)\n")
    w("| model | input curve | 1D kernels: RMS (series) | worst series | series within 10% | w90 within 10% | transpose+conv2d (8): RMS |")
    w("|---|---|---|---|---|---|---|")
    for (mname, src), g in r.groupby(["model", "source"], sort=False):
        a = g[g.kernel.isin(ONE_D)]
        b = g[~g.kernel.isin(ONE_D)]
        if len(a) == 0:
            continue
        worst = a.loc[a.rms.idxmax()]
        other = f"{np.sqrt(np.mean(b.rms ** 2)) * 100:.1f}%" if len(b) else "(no input)"
        w(f"| {mname} | {src} gs | {np.sqrt(np.mean(a.rms ** 2)) * 100:.1f}% ({len(a)}) | "
          f"{worst.kernel}/{worst.wg} {worst.rms * 100:.1f}% | {(a.rms <= 0.1).sum()}/{len(a)} | "
          f"{(abs(a.w90_err) <= 0.1).sum()}/{len(a)} | {other} |")
    w("")
    w(f"M4's group cost: the one value minimizing M2's RMS over the 1D series with measured "
      f"and model inputs together: {gc_fit * 1e9:.0f} ns (the dispatch mix's: {GC * 1e9:.0f} ns). "
      "Loss by group cost (ns: RMS): " +
      ", ".join(f"{g * 1e9:.0f}: {l * 100:.1f}%" for g, l in zip(gcs, loss) if round(g * 1e9) % 50 == 0) + "\n")

    w("## Compact: each series with its preferred input (measured gs where the suite has it, else the model's)\n")
    w("| kernel | wg | input | w90 measured | " + " | ".join(f"{m.split()[0]} RMS, w90" for m, _ in MODELS + fitted) + " |")
    w("|---|---|---|---|" + "---|" * len(MODELS + fitted))
    pref = r[(r.source == "measured") | ~r.kernel.isin(["nd-copy", "nd-mul", "nd-add", "nd-triad"])]
    pref = pref[pref.source != "model as copy"]
    for (k, wg), g in pref.groupby(["kernel", "wg"], sort=False):
        g = g.set_index("model")
        cells = [f"{g.loc[m].rms * 100:.1f}%, {g.loc[m].w90_pred:.1f}" for m, _ in MODELS + fitted]
        w(f"| {k} | {wg} | {g.iloc[0].source} | {g.iloc[0].w90_meas:.1f} | " + " | ".join(cells) + " |")
    w("")

    for mname, _ in MODELS + fitted:
        w(f"## {mname}\n")
        w("| kernel | wg | levels L | input | RMS | worst point | w90 measured | w90 predicted (error) |")
        w("|---|---|---|---|---|---|---|---|")
        for _, x in r[r.model == mname].iterrows():
            w(f"| {x.kernel} | {x.wg} | {x.levels} | {x.source} | {x.rms * 100:.1f}% | {pct(x.worst)} | "
              f"{x.w90_meas:.1f} | {x.w90_pred:.1f} ({pct(x.w90_err)}) |")
        w("")

    w("## Best local size (highest rate over the levels measured), M2\n")
    w("| kernel | input | measured: best wg (rate G/s) | M2: best wg (rate G/s) | runner-up measured within |")
    w("|---|---|---|---|---|")
    m2 = r[r.model == MODELS[2][0]]
    for (k, src), g in m2.groupby(["kernel", "source"], sort=False):
        mm = g.set_index("wg").meas.map(max)
        pp = g.set_index("wg").pred.map(max)
        second = mm.drop(mm.idxmax()).max()
        w(f"| {k} | {src} | {mm.idxmax()} ({mm.max() / 1e9:.1f}) | {pp.idxmax()} ({pp.max() / 1e9:.1f}) | "
          f"{100 * (1 - second / mm.max()):.1f}% |")
    w("")

    w("## M2 against the second H100 (run c, serial 1652824016922), inputs from run a\n")
    for src, g in rc[rc.kernel.isin(ONE_D)].groupby("source"):
        w(f"1D series, {src} gs input: RMS {np.sqrt(np.mean(g.rms ** 2)) * 100:.1f}% over {len(g)}, "
          f"worst {g.rms.max() * 100:.1f}%, w90 within 10% {(abs(g.w90_err) <= 0.1).sum()}/{len(g)}.\n")
    w("| kernel | wg | input | RMS | w90 measured | w90 predicted |")
    w("|---|---|---|---|---|---|")
    for _, x in rc.iterrows():
        w(f"| {x.kernel} | {x.wg} | {x.source} | {x.rms * 100:.1f}% | {x.w90_meas:.1f} | {x.w90_pred:.1f} ({pct(x.w90_err)}) |")
    w("")

    # the points, and what M2 says binds and how many warps are in flight
    pts = []
    for _, x in r.iterrows():
        for W, m, p in zip(x.W, x.meas, x.pred):
            pts.append(dict(kernel=x.kernel, wg=x.wg, warps_per_cu=W, groups_per_cu=W * SIMD // x.wg,
                            source=x.source, model=x.model, measured=m, predicted=p, err=p / m - 1))
    pd.DataFrame(pts).to_csv(os.path.join(HERE, "predictions.csv"), index=False, float_format="%.5g")
    with open(os.path.join(HERE, "results.md"), "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out[:14]))


if __name__ == "__main__":
    sys.exit(main())
