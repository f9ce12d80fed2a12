# NVIDIA H200: kernel nd-transpose against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-nd-transpose.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-nd-transpose.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel nd-transpose against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:1265]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.125000001 inverse y / 0.125000001
plot 'kernel-nd-transpose.dat' index 0 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#1f77b4' title '32 work-items: 90% at 8.13 warps', \
  'kernel-nd-transpose.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'kernel-nd-transpose.dat' index 1 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#ff7f0e' title '64 work-items: 90% at 18 warps', \
  'kernel-nd-transpose.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'kernel-nd-transpose.dat' index 2 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#2ca02c' title '128 work-items: 90% at 22.2 warps', \
  'kernel-nd-transpose.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'kernel-nd-transpose.dat' index 3 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#d62728' title '256 work-items: 90% at 32 warps or fewer', \
  'kernel-nd-transpose.dat' index 3 using 1:4 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour)', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s, above the scale)', \
  'kernel-nd-transpose.dat' index 0 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-transpose.dat' index 1 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-transpose.dat' index 2 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-transpose.dat' index 3 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down', \
  '+' using (8.13016):(383.547) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' notitle, \
  '+' using (17.9508):(767.594) every ::0::0 with points pt 9 ps 2 lc rgb '#ff7f0e' notitle, \
  '+' using (22.2041):(818.73) every ::0::0 with points pt 9 ps 2 lc rgb '#2ca02c' notitle, \
  '+' using (32):(989.936) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-nd-transpose.svg'
replot
unset output
