# NVIDIA H200: kernel sum against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-sum.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-sum.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel sum against occupancy' noenhanced
set xlabel 'warps per CU'
set ylabel 'GB/s'
set logscale x 2
set xrange [0.8:73]
set yrange [0:5166]
set key below
set y2label 'G elements/s'
set y2tics
set ytics nomirror
set format y2 '%.3g'
set link y2 via y * 0.25 inverse y / 0.25
plot 'kernel-sum.dat' using 1:2 with points pt 7 ps 1.2 lc rgb '#1f77b4' title 'measured', \
  'kernel-sum.dat' using 1:4 with lines lw 2 lc rgb '#ff7f0e' title 'predicted: 2.0% RMS error', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s)', \
  '+' using (56.2749):(2342.82) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' title '90% of its plateau: 56.3 warps'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-sum.svg'
replot
unset output
