# NVIDIA H200: kernel nd-matmul against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-nd-matmul.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-nd-matmul.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel nd-matmul against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:2.509e+04]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.000122010737 inverse y / 0.000122010737
plot 'kernel-nd-matmul.dat' index 0 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#1f77b4' title '32 work-items: 90% at 25.8 warps', \
  'kernel-nd-matmul.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'kernel-nd-matmul.dat' index 1 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#ff7f0e' title '64 work-items: 90% at 28.5 warps', \
  'kernel-nd-matmul.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'kernel-nd-matmul.dat' index 2 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#2ca02c' title '128 work-items: 90% at 46.3 warps', \
  'kernel-nd-matmul.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'kernel-nd-matmul.dat' index 3 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#d62728' title '256 work-items: 90% at 47.5 warps', \
  'kernel-nd-matmul.dat' index 3 using 1:4 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour)', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s)', \
  'kernel-nd-matmul.dat' index 0 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-matmul.dat' index 1 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-matmul.dat' index 2 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-matmul.dat' index 3 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down', \
  '+' using (25.8215):(11530.9) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' notitle, \
  '+' using (28.4644):(12026) every ::0::0 with points pt 9 ps 2 lc rgb '#ff7f0e' notitle, \
  '+' using (46.344):(19635.2) every ::0::0 with points pt 9 ps 2 lc rgb '#2ca02c' notitle, \
  '+' using (47.4987):(19393.5) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-nd-matmul.svg'
replot
unset output
