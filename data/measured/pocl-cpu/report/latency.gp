# pthread-skylake-avx512-Intel(R) Xeon(R) Processor: latency of a load and its alpha adds, at the smallest occupancy
# Written by latmix report; edit and rerun here with: gnuplot latency.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'latency.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'pthread-skylake-avx512-Intel(R) Xeon(R) Processor:'."\n".'latency of a load and its alpha adds, at the smallest occupancy' noenhanced
set xlabel 'alpha, adds per load'
set ylabel 'cycles per load + alpha adds'
set key left top box opaque
set offsets 0, 0, graph 0.06, 0
set rmargin 14
set label 'gmem' at 512,13999.1 left offset char 1,0 tc rgb '#1f77b4' noenhanced
set label 'gmem-store' at 512,16826 left offset char 1,0 tc rgb '#ff7f0e' noenhanced
set label 'gmem-store-half' at 512,8517.99 left offset char 1,0 tc rgb '#2ca02c' noenhanced
set label 'gmem-stride2' at 256,4601.33 left offset char 1,0 tc rgb '#d62728' noenhanced
set label 'gmem-random' at 256,22825.1 left offset char 1,0 tc rgb '#9467bd' noenhanced
set label 'lmem' at 256,7604.99 left offset char 1,0 tc rgb '#8c564b' noenhanced
set label 'sfu' at 256,6691.99 left offset char 1,0 tc rgb '#e377c2' noenhanced
unset key
plot 'latency.dat' index 0 using 1:2 with points pt 7 ps 1 lc rgb '#1f77b4' notitle, \
  'latency.dat' index 1 using 1:2 with points pt 7 ps 1 lc rgb '#ff7f0e' notitle, \
  'latency.dat' index 2 using 1:2 with points pt 7 ps 1 lc rgb '#2ca02c' notitle, \
  'latency.dat' index 3 using 1:2 with points pt 7 ps 1 lc rgb '#d62728' notitle, \
  'latency.dat' index 4 using 1:2 with points pt 7 ps 1 lc rgb '#9467bd' notitle, \
  'latency.dat' index 5 using 1:2 with points pt 7 ps 1 lc rgb '#8c564b' notitle, \
  'latency.dat' index 6 using 1:2 with points pt 7 ps 1 lc rgb '#e377c2' notitle, \
  1/0 notitle

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'latency.svg'
replot
unset output
