#!/bin/sh
# layers.sh [ROOT]: every #include of latmix's sources points down the
# layers, base < fit < asm < bench < report < cli (a folder may include its
# own and those below it), and nothing below bench includes OpenCL. Prints
# each include that points up and exits 1 if there is one.
set -u
root=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$root" || exit 2
rank() {
	case $1 in
	base) echo 0 ;; fit) echo 1 ;; asm) echo 2 ;; bench) echo 3 ;; report) echo 4 ;; cli) echo 5 ;;
	*) echo -1 ;;
	esac
}
bad=0
for f in src/*/*.[ch] fit/*.[ch]; do
	case $f in fit/*) layer=fit ;; *) layer=$(echo "$f" | cut -d/ -f2) ;; esac
	me=$(rank "$layer")
	for inc in $(sed -n 's/^#include "\([a-z]*\)\/[a-z_]*\.h".*/\1/p' "$f"); do
		[ "$inc" = cl ] && continue
		them=$(rank "$inc")
		if [ "$them" -gt "$me" ]; then
			echo "$f ($layer) includes $inc/: points up"
			bad=1
		fi
	done
	if [ "$me" -lt 3 ] && grep -q '#include <CL/' "$f"; then
		echo "$f ($layer) includes OpenCL: only bench and above may"
		bad=1
	fi
done
exit $bad
