"""The tiled kernels of a lease (default lease-2026-11-30) against latmix predict from the
committed H200 parameter file, before (LATMIX_BEFORE, a latmix without the local accesses'
price: /tmp/latmix-prev) and after (build/latmix). Run from the repository root with ptxas and
nvdisasm at hand (LATMIX_NVDISASM); it copies each kernel's PTX to /tmp/tk."""
import csv, io, os, shutil, subprocess, sys, math
os.makedirs("/tmp/tk", exist_ok=True)
LEASE = sys.argv[1] if len(sys.argv) > 1 else 'studies/tiled/lease-2026-11-30'
rows = [r for r in csv.DictReader(l for l in open(f'{LEASE}/tiled.csv') if not l.startswith('#'))]
def pred(binary, name, ls, trip, per):
    a = [binary, 'predict', 'data/measured/nvidia-h200/params-kernels.ini', '--kernel', f'/tmp/tk/{name}.ptx:{name}', '--local-size', ls, '--csv']
    if trip: a += ['--trip', str(trip)]
    p = subprocess.run(a, capture_output=True, text=True)
    return {float(r['warps_per_cu']): (float(r['elements_per_s']) * per, r['bound']) for r in csv.DictReader(io.StringIO(p.stdout))}
print('| kernel | warps | measured G/s | before (no local) | with local accesses | bound |')
print('|---|---|---|---|---|---|')
for name, ls, trip, per in [('mm_tiled8', '8x8', 256, 1), ('mm_tiled16', '16x16', 128, 1), ('mm_tiled16x2', '16x16', 128, 2), ('tr_tiled', '32x8', 0, 4)]:
    if not any(r['mix'] == name for r in rows):
        continue
    shutil.copy(f'{LEASE}/mix-of/{name}.txt', f'/tmp/tk/{name}.ptx')
    old, new = pred(os.environ.get('LATMIX_BEFORE', '/tmp/latmix-prev'), name, ls, trip, per), pred('build/latmix', name, ls, trip, per)
    e_old, e_new = [], []
    for r in sorted((r for r in rows if r['mix'] == name), key=lambda r: float(r['warps_per_cu'])):
        w, m = float(r['warps_per_cu']), float(r['elements_per_s'])
        o, n = old.get(w, (math.nan, '')), new.get(w, (math.nan, ''))
        e_old.append(o[0] / m - 1); e_new.append(n[0] / m - 1)
        print(f'| {name} | {w:.0f} | {m/1e9:.3f} | {o[0]/1e9:.3f} ({100*(o[0]/m-1):+.0f}%) | {n[0]/1e9:.3f} ({100*(n[0]/m-1):+.0f}%) | {n[1]} |')
    rms = lambda e: 100 * math.sqrt(sum(x * x for x in e) / len(e))
    print(f'| {name} | RMS | | {rms(e_old):.1f}% | {rms(e_new):.1f}% | |', file=sys.stderr)
