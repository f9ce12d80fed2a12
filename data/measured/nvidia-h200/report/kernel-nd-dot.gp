# NVIDIA H200: kernel nd-dot against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-nd-dot.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-nd-dot.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel nd-dot against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:5311]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.125 inverse y / 0.125
plot 'kernel-nd-dot.dat' index 0 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#1f77b4' title '32 work-items: 90% at 11.6 warps', \
  'kernel-nd-dot.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'kernel-nd-dot.dat' index 1 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#ff7f0e' title '64 work-items: 90% at 26.2 warps', \
  'kernel-nd-dot.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'kernel-nd-dot.dat' index 2 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#2ca02c' title '128 work-items: 90% at 47.8 warps', \
  'kernel-nd-dot.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'kernel-nd-dot.dat' index 3 using 1:2 with linespoints pt 7 ps 1 lw 1.5 lc rgb '#d62728' title '256 work-items: 90% at 48.9 warps', \
  'kernel-nd-dot.dat' index 3 using 1:4 with lines lw 2 dt 2 lc rgb '#d62728' notitle, \
  NaN with lines lw 2 dt 2 lc rgb '#000000' title 'predicted (dashed, in its colour)', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s)', \
  'kernel-nd-dot.dat' index 0 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-dot.dat' index 1 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-dot.dat' index 2 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  'kernel-nd-dot.dat' index 3 using 1:5 with points pt 6 ps 2 lc rgb '#000000' notitle, \
  NaN with points pt 6 ps 2 lc rgb '#000000' title 'ringed: 28 KiB of L1 left an SM by the reserve holding the warps down', \
  '+' using (11.5715):(1536.23) every ::0::0 with points pt 9 ps 2 lc rgb '#1f77b4' notitle, \
  '+' using (26.2102):(3069.86) every ::0::0 with points pt 9 ps 2 lc rgb '#ff7f0e' notitle, \
  '+' using (47.8267):(4156.43) every ::0::0 with points pt 9 ps 2 lc rgb '#2ca02c' notitle, \
  '+' using (48.9296):(3990.67) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-nd-dot.svg'
replot
unset output
