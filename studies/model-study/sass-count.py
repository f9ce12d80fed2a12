#!/usr/bin/python3
"""A suite loop's machine code (SASS) against latmix's PTX count.

usage: sass-count.py PTXAS NVDISASM MIX-OF.txt...   (MIX-OF: a file of a GPU's mix-of/,
the driver's PTX followed by latmix's count)

Assembles each PTX for sm_90 with PTXAS (CUDA 13.0's, the driver 580's), disassembles
it with NVDISASM (PyPI nvidia-cuda-nvdisasm) and, in the loop that branches back over
the most global accesses, counts the instructions: all of them, those in blocks that
call the 64-bit division routines (the path an index at or over 2^32 takes, which
latmix leaves out as the PTX's cold branch), and the rest by opcode, beside the PTX
instructions latmix counted (--insts of its predict: line).
"""
import collections, os, re, subprocess, sys, tempfile

INST = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Z0-9_.]*)(.*);')


def sass(ptxas, nvdisasm, ptx):
    with tempfile.TemporaryDirectory() as d:
        src, cubin = os.path.join(d, 'k.ptx'), os.path.join(d, 'k.cubin')
        open(src, 'w').write(ptx)
        subprocess.run([ptxas, '-arch', 'sm_90', '-O3', src, '-o', cubin], check=True)
        return subprocess.run([nvdisasm, '-c', cubin], check=True, capture_output=True,
                              text=True).stdout


def loop(text):
    """the instructions of the loop over the most LDG/STG, in blocks split at labels"""
    labels, insts, blocks = {}, [], [[]]
    for line in text.splitlines():
        m = re.match(r'(\.L_x_\d+):', line.strip())
        if m:
            labels[m.group(1)] = len(insts)
            blocks.append([])
            continue
        m = INST.search(line)
        if m:
            insts.append((m.group(3), m.group(4)))
            blocks[-1].append(len(insts) - 1)
    best = None
    for i, (op, rest) in enumerate(insts):
        t = re.search(r'`\((\.L_x_\d+)\)', rest)
        if op == 'BRA' and t and labels.get(t.group(1), i + 1) <= i:
            lo = labels[t.group(1)]
            mem = sum(o.startswith(('LDG', 'STG')) for o, _ in insts[lo:i + 1])
            if mem and (not best or mem > best[2]):
                best = (lo, i, mem)
    lo, hi, _ = best
    cold = set()
    for b in blocks:
        if any(insts[j][0] == 'CALL.REL.NOINC' for j in b):
            cold.update(j for j in b if lo <= j <= hi)
    return [insts[j][0] for j in range(lo, hi + 1)], [insts[j][0] for j in range(lo, hi + 1) if j not in cold]


def main():
    ptxas, nvdisasm = sys.argv[1:3]
    print('| kernel | PTX (latmix) | SASS, loop | SASS, without the 64-bit division calls | of those, by opcode |')
    print('|---|---|---|---|---|')
    for path in sys.argv[3:]:
        text = open(path).read()
        name = os.path.basename(path)[:-4]
        ptx = text[:text.index(f'\n{name}: the main loop')] if f'\n{name}: the main loop' in text else None
        m = re.search(r'--insts (\d+)', text)
        if not ptx or not m:
            continue
        allops, hot = loop(sass(ptxas, nvdisasm, ptx))
        ops = collections.Counter(o.split('.')[0] for o in hot)
        print(f'| {name} | {m.group(1)} | {len(allops)} | {len(hot)} | '
              + ', '.join(f'{o} {n}' for o, n in ops.most_common()) + ' |')


if __name__ == '__main__':
    main()
