"""Rows of a kernels CSV by work-group shape: the rows after each '# levels = work-group
WxH' comment are that shape's (the rows themselves say the size alone). Prints each shape's
elements/s (G) at every level measured. /usr/bin/python3 split.py FILE.csv"""
import csv, re, sys


def shapes(path):
    out, shape, header = {}, None, None
    for line in open(path):
        m = re.match(r"# levels = work-group (\S+) ", line)
        if m:
            shape = m.group(1)
            continue
        if line.startswith("#"):
            continue
        row = next(csv.reader([line]))
        if header is None:
            header = row
            continue
        d = dict(zip(header, row))
        out.setdefault(shape, []).append((float(d["warps_per_cu"]), float(d["elements_per_s"]) / 1e9,
                                          d["coresident"]))
    return out


if __name__ == "__main__":
    for shape, pts in shapes(sys.argv[1]).items():
        print(f"{shape:6s}", " ".join(f"{w:g}:{e:.1f}{'' if c == 'yes' else '*'}" for w, e, c in sorted(pts)))
