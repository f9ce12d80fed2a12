/* expr: the expressions in N a kernel's description gives its sizes and
 * values in: decimal numbers, N, + - * / and parentheses. */
#ifndef LM_EXPR_H
#define LM_EXPR_H

#include "base/error.h"

/* Evaluates text at N = n. LM_EUSAGE if it is not one or is not finite. */
lm_status lm_expr_eval(const char *text, double n, double *out);

#endif
