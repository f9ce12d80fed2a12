# NVIDIA H100 80GB HBM3: throughput against occupancy, mix stream
# Written by latmix report; edit and rerun here with: gnuplot throughput-stream.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'throughput-stream.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title "NVIDIA H100 80GB HBM3: throughput against occupancy, mix stream" noenhanced
set logscale xy
set xlabel 'occupancy n = warps per CU'
set ylabel 'warp instructions / cycle / CU (memory; arithmetic for alpha = inf)'
set key outside right top box
set xrange [0.8:80]
plot 'throughput-stream.dat' index 0 using 1:2 with points pt 7 ps 0.8 lc rgb '#1f77b4' title 'alpha = 0', \
  keyentry notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'throughput-stream.svg'
replot
unset output
