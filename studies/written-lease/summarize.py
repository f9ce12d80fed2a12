import csv, sys, collections
def load(p):
    rows=[r for r in csv.DictReader(l for l in open(p) if not l.startswith('#'))]
    return [r for r in rows if r['mix'].startswith('nd-')]
runs=[load(p) for p in sys.argv[1:]]
d=collections.defaultdict(dict)
for k,rows in enumerate(runs):
    for r in rows:
        d[(r['mix'],int(r['work_group_size']))].setdefault(k,[]).append((float(r['warps_per_cu']),float(r['elements_per_s']),float(r['bytes_per_s']),r['coresident']))
print("kernel        wg   levels(warps)  plateau GB/s  Gel/s  warps@90%  run2 plateau  diff")
for (m,wg),v in sorted(d.items()):
    pts=sorted(v[0]); best=max(p[2] for p in pts); bel=max(p[1] for p in pts)
    w90=min(p[0] for p in pts if p[2]>=0.9*best)
    bad=sum(1 for p in pts if p[3]!='yes')
    s=f"{m:13s} {wg:4d} {pts[0][0]:4.0f}-{pts[-1][0]:<4.0f} {best/1e9:10.0f} {bel/1e9:8.2f} {w90:6.0f}"
    if 1 in v:
        b2=max(p[2] for p in v[1]); s+=f" {b2/1e9:10.0f} {100*(b2/best-1):+5.1f}%"
    if bad: s+=f"  ({bad} not co-resident)"
    print(s)
