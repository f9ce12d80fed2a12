/* count_parts: the figures of a kernel's mix as count.c names them (the
 * options of a predict: line and the keys of a count file), for
 * count_file.c. Within src/asm. */
#ifndef LM_ASM_COUNT_PARTS_H
#define LM_ASM_COUNT_PARTS_H

#include <stddef.h>

#include "asm/count.h"

/* a predict: line's figures that it always gives: loads, stores, alpha,
 * insts (the first four) */
#define LM_COUNT_LINE_REQUIRED 4

/* How many figures a mix has (the last, flops, the count's alone). */
size_t lm_count_nfigures(void);

/* The i-th figure's option without its dashes ("scattered-loads"). */
const char *lm_count_figure_option(size_t i);

/* The i-th figure of k, to write and to read. */
double *lm_count_figure(lm_kernel_mix *k, size_t i);
double lm_count_figure_of(const lm_kernel_mix *k, size_t i);

#endif
