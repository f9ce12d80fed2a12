#!/usr/bin/env python3
"""The dispatch study's comparison (README.md): latmix's dispatch rows and
fitted parameters beside stamps.c's figures, from one lease's folder.
Usage: compare.py RUN_DIR (holding dispatch-1.csv and stamps.csv)."""
import csv, sys

def rows(path):
    with open(path) as f:
        return list(csv.DictReader(l for l in f if not l.startswith('#')))

d = sys.argv[1]
lat = {int(r['work_group_size']): r for r in rows(f'{d}/dispatch-1.csv')}
st = {}
for r in rows(f'{d}/stamps.csv'):
    st.setdefault(int(r['work_group_size']), {})[int(r['every'])] = r
print('| work-group size | resident a CU | latmix work-groups/us/CU | stamps, every group | '
      'stamps, SMs min-median-max | stamp-free kernel by events | latmix / stamps | latmix / stamp-free |')
print('|---|---|---|---|---|---|---|---|')
for wg, r in sorted(lat.items()):
    x = float(r['elements_per_s']) / int(r['compute_units']) * 1e-6
    s = st[wg][1]
    sx, mark = float(s['groups_per_us_per_sm']), float(s['mark_groups_per_us_per_sm'])
    print(f"| {wg} | {r['groups_per_cu']} | {x:.3f} | {sx:.3f} ± {float(s['std_error']):.3f} | "
          f"{float(s['min_sm']):.2f}-{float(s['median_sm']):.2f}-{float(s['max_sm']):.2f} | {mark:.3f} | "
          f"{x / sx - 1:+.1%} | {x / mark - 1:+.1%} |")
# the independent parameters: the dispatch rate from the stamps of the sizes
# latmix calls dispatch-bound; a group's cost from the stamp-free kernel at
# the residency-bound size (R / rate)
bound = [wg for wg in lat if int(lat[wg]['groups_per_cu']) >= 4]
thru = sum(float(st[wg][1]['groups_per_us_per_sm']) for wg in bound) / len(bound)
top = max(lat)
cost = int(lat[top]['groups_per_cu']) / float(st[top][1]['mark_groups_per_us_per_sm']) * 1000
print(f"\nindependent: dispatch_thru {thru:.4f} work-groups/us/CU (stamps, sizes {sorted(bound)}); "
      f"group_cost {cost:.1f} ns ({lat[top]['groups_per_cu']} resident / the stamp-free kernel's rate at {top})")
