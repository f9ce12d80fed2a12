/* predict_written: latmix predict --kernel for a kernel as written (no
 * loop), every work-group size and level, and the size to use. */
#ifndef LM_CLI_PREDICT_WRITTEN_H
#define LM_CLI_PREDICT_WRITTEN_H

#include "asm/count.h"
#include "cli/options.h"
#include "fit/model.h"
#include "fit/params.h"

/* Prints the rates of kernel k (its body counted, m the count, label its
 * name) by ps's model mp and kinds st at each --local-size (default 32 to
 * 256; a kernel that reads %tid.y at its shapes: 8x4 or 32 alike, where a
 * group narrower than a warp puts a warp over its rows, m's rows) and
 * each level of groups a CU (--warps's whole groups, else up to 64 warps
 * and 32 groups): a table and the size to use, or --csv rows. LM_EUSAGE
 * where ps has no dispatch parameters or a size is not whole warps. */
lm_status lm_cli_predict_written(const lm_options *o, const char *path, const lm_params *ps,
				 const lm_model_params *mp, const lm_model_kinds *st, const lm_kernel_mix *k,
				 const lm_count *m, const char *label);

#endif
