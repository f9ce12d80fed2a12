# NVIDIA H100 80GB HBM3: the CUDA guide's estimate and the model's, mix gmem
# Written by latmix report; edit and rerun here with: gnuplot guide-estimate.gp
set terminal pngcairo size 960,640 enhanced font 'Sans,11'
set output 'guide-estimate.png'
set datafile missing '?'
set grid lc rgb '#dddddd'
set title 'NVIDIA H100 80GB HBM3: the CUDA guide''s estimate and the model''s, mix gmem' noenhanced
set logscale xy
set xrange [0.192308:665.6]
set xlabel 'alpha, adds per load'
set ylabel 'warps per CU'
set key right top box opaque
plot 'guide-estimate.dat' index 0 using 1:2 with lines lw 2 lc rgb '#ff7f0e' title 'guide: mem\_lat alu\_thru / alpha', \
  'guide-estimate.dat' index 0 using 1:3 with lines lw 2 dt 2 lc rgb '#ff7f0e' title 'guide, refined: mem\_lat alu\_thru / (alpha+1) + 1', \
  'guide-estimate.dat' index 0 using 1:4 with lines lw 2 lc rgb '#1f77b4' title 'model, full peak (better estimate)', \
  'guide-estimate.dat' index 0 using 1:5 with lines lw 1 dt 3 lc rgb '#1f77b4' title 'model, 90% of peak', \
  'guide-estimate.dat' index 1 using 1:2 with points pt 7 ps 1.2 lc rgb 'black' title 'measured, 90% of peak'

set terminal svg size 960,640 enhanced font 'Sans,11' background rgb 'white'
set output 'guide-estimate.svg'
replot
unset output
