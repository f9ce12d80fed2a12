# NVIDIA H200: latency of a load and its alpha adds, at the smallest occupancy
# Written by latmix report; edit and rerun here with: gnuplot latency.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'latency.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H200: latency of a load and its alpha adds, at the smallest occupancy' noenhanced
set xlabel 'alpha, adds per load'
set ylabel 'cycles per load + alpha adds'
set key left top box opaque
set offsets 0, 0, graph 0.06, 0
set rmargin 14
set label 'gmem' at 512,2915.69 left offset char 1,0 tc rgb '#1f77b4' noenhanced
set label 'gmem-store' at 512,3028.13 left offset char 1,0 tc rgb '#ff7f0e' noenhanced
set label 'gmem-store-half' at 512,2803.25 left offset char 1,0 tc rgb '#2ca02c' noenhanced
set label 'gmem-stride2' at 256,1783.87 left offset char 1,0 tc rgb '#d62728' noenhanced
set label 'gmem-random' at 256,2182.65 left offset char 1,0 tc rgb '#9467bd' noenhanced
set label 'lmem' at 256,1169.2 left offset char 1,0 tc rgb '#8c564b' noenhanced
set label 'sfu' at 256,1056.76 left offset char 1,0 tc rgb '#e377c2' noenhanced
set label 'gmem-cache' at 0,302.436 left offset char 1,0 tc rgb '#843c39' noenhanced
plot 'latency.dat' index 0 using 1:2 with points pt 7 ps 1 lc rgb '#1f77b4' notitle, \
  'latency.dat' index 0 using 1:3 with lines lw 2 lc rgb '#1f77b4' notitle, \
  'latency.dat' index 0 using 1:4 with lines lw 2 dt 2 lc rgb '#1f77b4' notitle, \
  'latency.dat' index 1 using 1:2 with points pt 7 ps 1 lc rgb '#ff7f0e' notitle, \
  'latency.dat' index 1 using 1:3 with lines lw 2 lc rgb '#ff7f0e' notitle, \
  'latency.dat' index 1 using 1:4 with lines lw 2 dt 2 lc rgb '#ff7f0e' notitle, \
  'latency.dat' index 2 using 1:2 with points pt 7 ps 1 lc rgb '#2ca02c' notitle, \
  'latency.dat' index 2 using 1:3 with lines lw 2 lc rgb '#2ca02c' notitle, \
  'latency.dat' index 2 using 1:4 with lines lw 2 dt 2 lc rgb '#2ca02c' notitle, \
  'latency.dat' index 3 using 1:2 with points pt 7 ps 1 lc rgb '#d62728' notitle, \
  'latency.dat' index 3 using 1:3 with lines lw 2 lc rgb '#d62728' notitle, \
  'latency.dat' index 4 using 1:2 with points pt 7 ps 1 lc rgb '#9467bd' notitle, \
  'latency.dat' index 4 using 1:3 with lines lw 2 lc rgb '#9467bd' notitle, \
  'latency.dat' index 5 using 1:2 with points pt 7 ps 1 lc rgb '#8c564b' notitle, \
  'latency.dat' index 5 using 1:3 with lines lw 2 lc rgb '#8c564b' notitle, \
  'latency.dat' index 6 using 1:2 with points pt 7 ps 1 lc rgb '#e377c2' notitle, \
  'latency.dat' index 6 using 1:3 with lines lw 2 lc rgb '#e377c2' notitle, \
  'latency.dat' index 7 using 1:2 with points pt 7 ps 1 lc rgb '#843c39' notitle, \
  keyentry with points pt 7 lc rgb 'black' title 'measured', \
  keyentry with lines lw 2 lc rgb 'black' title 'basic model', \
  keyentry with lines lw 2 dt 2 lc rgb 'black' title 'refined model'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'latency.svg'
replot
unset output
