#!/usr/bin/python3
"""Measured against M1 and M2 for each one-element kernel, one line per work-group size.

Run from the repository root after fit.py: /usr/bin/python3 studies/nd-model/plot.py
Writes studies/nd-model/nd-model.png from predictions.csv.
"""
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pandas as pd

HERE = os.path.dirname(os.path.abspath(__file__))
p = pd.read_csv(os.path.join(HERE, "predictions.csv"))
kernels = ["nd-copy", "nd-mul", "nd-add", "nd-triad", "nd-nstream", "nd-conv2d", "nd-transpose"]
colors = {32: "C0", 64: "C1", 128: "C2", 256: "C3"}
fig, axes = plt.subplots(2, 4, figsize=(18, 8), sharex=True)
for ax, k in zip(axes.flat, kernels):
    g = p[p.kernel == k]
    src = "measured" if (g.source == "measured").any() else "model"
    g = g[g.source == src]
    for wg, s in g.groupby("wg"):
        m2 = s[s.model.str.startswith("M2")].sort_values("warps_per_cu")
        m1 = s[s.model.str.startswith("M1")].sort_values("warps_per_cu")
        c = colors[wg]
        ax.plot(m2.warps_per_cu, m2.measured / 1e9, "o", ms=3, color=c, label=f"{wg} measured")
        ax.plot(m2.warps_per_cu, m2.predicted / 1e9, "-", color=c, label=f"{wg} M2")
        ax.plot(m1.warps_per_cu, m1.predicted / 1e9, ":", color=c, lw=1, label=f"{wg} M1")
    ax.set_title(f"{k} (input: {src} grid-stride)")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
for ax in axes[1]:
    ax.set_xlabel("warps per CU (L x warps a group)")
for ax in axes[:, 0]:
    ax.set_ylabel("G work-items / s")
axes.flat[-1].axis("off")
h, l = axes.flat[0].get_legend_handles_labels()
axes.flat[-1].legend(h, l, loc="center", ncol=2, title="work-group size: points measured, line M2, dotted M1")
fig.suptitle("H100 run a: kernels as written, measured vs predicted (dispatch_thru 12.61/us/CU, group_cost 198 ns)")
fig.tight_layout()
fig.savefig(os.path.join(HERE, "nd-model.png"), dpi=80)
