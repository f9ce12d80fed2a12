"""Counts again, with this latmix, one committed kernel's PTX (data/measured/
<gpu>/mix-of/KERNEL.txt: the count, a blank line, the listing NVIDIA's driver
built when the suite was measured) and writes the new count into KERNEL.txt
and the figures of KERNEL.ini, keeping what measure took from the kernel's
description (arg_bytes, items, per_item, trip; a PTX listing alone does not
say them). For a change to what a count says of a listing; run from the
repository root with a built latmix (LATMIX, else build/latmix):
/usr/bin/python3 studies/group-barrier/recount.py nvidia-h200 nd-dot"""
import os, re, subprocess, sys, tempfile

LATMIX = os.environ.get("LATMIX", "build/latmix")
KEEP = ("format", "kernel", "counted", "own_loads", "arg_loads", "arg_used", "arg_bytes", "trip", "items",
        "per_item")

gpu, kernel = sys.argv[1], sys.argv[2]
args = sys.argv[3:]  # --arg ..., as recount.sh gives the description's scalars
d = f"data/measured/{gpu}/mix-of"
text = open(f"{d}/{kernel}.txt").read()
listing = text[text.index("\n//\n") + 1:]
with tempfile.TemporaryDirectory() as t:
    ptx, ini = f"{t}/k.ptx", f"{t}/k.ini"
    open(ptx, "w").write(listing)
    p = subprocess.run([LATMIX, "kernel", "--mix-of", f"{ptx}:{kernel.replace('-', '_')}", "--save-count", ini] + args,
                       capture_output=True, text=True)
    if p.returncode:
        sys.exit(p.stderr)
    new = open(ini).read()
# the count's text as measure wrote it: its label, who built the listing,
# and what the device said of its occupancy (a listing alone does not)
head = text[:text.index("\n//\n")]
built = re.search(r" as (.*?) built it", head.splitlines()[0]).group(1)
count = p.stdout.replace(f"the compiler that wrote {ptx}", built)
count = re.sub(r"^\S+:", head.split(":", 1)[0] + ":", count, count=1)
occupancy = [l for l in head.splitlines() if l.startswith("occupancy:")]
if occupancy and "\noccupancy:" not in count:
    at = count.index("\n(predict's") if "\n(predict's" in count else count.index("\npredict:")
    count = count[:at] + "\n" + "\n".join(occupancy) + count[at:]
old = open(f"{d}/{kernel}.ini").read()
kept = {m.group(1): m.group(0) for m in re.finditer(r"^(\w+) = .*$", old, re.M) if m.group(1) in KEEP}
out = old.splitlines()[:2]  # its comment, naming the kernel as the suite does
for line in new.splitlines()[2:]:
    m = re.match(r"^(\w+) = ", line)
    out.append(kept.pop(m.group(1)) if m and m.group(1) in kept else line)
out += kept.values()  # what measure added after the count (trip, items, per_item)
open(f"{d}/{kernel}.ini", "w").write("\n".join(out) + "\n")
open(f"{d}/{kernel}.txt", "w").write(count.rstrip("\n") + "\n\n" + listing)
