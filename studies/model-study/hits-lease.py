#!/usr/bin/python3
"""The hits leases (issue 22): stencil1d's loads taken apart, and an in-place
saxpy, each GPU against a copy of the same lease.

usage: hits-lease.py LATMIX DIR...   (DIR: data/measured/<gpu>/hits-lease/lease,
holding kernels.csv, mix-of/ and params-kernels.ini fitted on the lease's own
default sweep: latmix fit --model refined -m
gmem,gmem-store,gmem-store-half,gmem-random)

Prints, per lease: each kernel predicted as suite.py does (where the lease has
its params-kernels.ini; the second round's, in align/, has none), and the
measured rates (G elements a second) by warps per CU with each kernel's rate
at 64 warps as a share of copy's (sum's, for the sums).
"""
import os, subprocess, sys
from suite import measured

KERNELS = ['copy', 's1_shift', 's1_right', 's1_inside', 's1_far', 's1_noborder', 'stencil1d', 'add',
           'triad', 'saxpy', 'copy_load8', 'copy_load32', 'copy_store1', 'copy_store8', 'sum', 'sum_shift']


def main():
    latmix, dirs = sys.argv[1], sys.argv[2:]
    for d in dirs:
        gpu = d.split('measured/')[-1].split('/')[0]
        print(f'## {d.split("measured/")[-1]}\n')
        if os.path.exists(d + '/params-kernels.ini'):
            print(subprocess.run(['/usr/bin/python3', 'suite.py', latmix, d], capture_output=True,
                                 text=True, check=True).stdout.replace('| lease |', f'| {gpu} |'))
        m = measured(d + '/kernels.csv')
        ks = [k for k in KERNELS if k in m]
        print('| warps | ' + ' | '.join(ks) + ' |')
        print('|---' * (len(ks) + 1) + '|')
        for i, (n, _) in enumerate(m['copy']):
            if n in (1, 4, 8, 16, 24, 32, 40, 48, 56, 64):
                print(f'| {n} | ' + ' | '.join(f'{m[k][i][1] / 1e9:.1f}' for k in ks) + ' |')
        ref = {k: m['sum' if k.startswith('sum') else 'copy'][-1][1] for k in ks}
        print('| 64, of copy (sum) | ' + ' | '.join(f'{100 * m[k][-1][1] / ref[k]:.0f}%' for k in ks) + ' |\n')


if __name__ == "__main__":
    main()
