# NVIDIA H200: kernel stencil2d against occupancy
# Written by latmix report; edit and rerun here with: gnuplot kernel-stencil2d.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'kernel-stencil2d.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: kernel stencil2d against occupancy' noenhanced
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
set link y2 via y * 0.125 inverse y / 0.125
plot 'kernel-stencil2d.dat' using 1:2 with points pt 7 ps 1.2 lc rgb '#1f77b4' title 'measured', \
  'kernel-stencil2d.dat' using 1:4 with lines lw 2 lc rgb '#ff7f0e' title 'predicted: 6.1% RMS error', \
  4492.11 with lines lw 2 dt 2 lc rgb '#7f7f7f' title 'stream peak (4492 GB/s)', \
  '+' using (48.5965):(2257.72) every ::0::0 with points pt 9 ps 2 lc rgb '#d62728' title '90% of its plateau: 48.6 warps'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'kernel-stencil2d.svg'
replot
unset output
